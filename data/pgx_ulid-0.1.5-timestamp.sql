--
-- PostgreSQL database dump
--

\restrict auVWJ43ibmXvYBs9bLeUtHjfKbbYa2LKy26hjjYHDJU2DUuKofTZb1QfLfMpsWR

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: ulid; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS ulid WITH SCHEMA public;


--
-- Name: EXTENSION ulid; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION ulid IS 'ulid type and methods';


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id public.ulid DEFAULT public.gen_ulid() NOT NULL,
    name text NOT NULL,
    created_at timestamp without time zone GENERATED ALWAYS AS ((id)::timestamp without time zone) STORED
);


--
-- Name: users_2023_09_15; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.users_2023_09_15 AS
 SELECT users.id,
    users.name,
    users.created_at
   FROM public.users
  WHERE ((users.id OPERATOR(public.>=) ('2023-09-15 00:00:00'::timestamp without time zone)::public.ulid) AND (users.id OPERATOR(public.<=) ('2023-09-16 00:00:00'::timestamp without time zone)::public.ulid));


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, name) FROM stdin;
01HABXQ2W92ZN4WDJGHR6NXRVM	ada
01HABXQ2W9W2BE89V1B7G1269N	grace
01HE8HXPC1PFGW0GQP06TFH355	edsger
01JGNP95VT679JCZ6AV046EXP5	ken
\.


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: users_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_created_idx ON public.users USING btree (public.ulid_to_timestamp(id));


--
-- PostgreSQL database dump complete
--

\unrestrict auVWJ43ibmXvYBs9bLeUtHjfKbbYa2LKy26hjjYHDJU2DUuKofTZb1QfLfMpsWR

