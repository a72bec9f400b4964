--
-- PostgreSQL database dump
--

\restrict zaptzcr8kwbdgMM9AjT1gRn0lpGTMB3gdWobd24b4yLVvQjhQMKjKIfY9VMfGwR

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
-- Name: pgx_ulid; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pgx_ulid WITH SCHEMA public;


--
-- Name: EXTENSION pgx_ulid; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pgx_ulid IS 'ulid type and methods';


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: items; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.items (
    id public.ulid DEFAULT public.gen_monotonic_ulid() NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone GENERATED ALWAYS AS ((id)::timestamp with time zone) STORED
);


--
-- Name: items_since_2025; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.items_since_2025 AS
 SELECT items.id,
    items.name
   FROM public.items
  WHERE (items.id OPERATOR(public.>=) ('2025-01-01 00:00:00+00'::timestamp with time zone)::public.ulid);


--
-- Data for Name: items; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.items (id, name) FROM stdin;
01HYN9XCX46NK54PF7FZ7VK16V	lamp
01HYN9XD9MJZT58J34BS1P5NJZ	desk
01JGNP95VT679JCZ6AV046EXP5	chair
01JGNP96K8HGMXYK0RMJ3R47EP	shelf
01K9NXJGT7TG2BW2KWD2S7RTKG	rug
\.


--
-- Name: items items_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.items
    ADD CONSTRAINT items_pkey PRIMARY KEY (id);


--
-- Name: items_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX items_created_at_idx ON public.items USING btree (created_at);


--
-- PostgreSQL database dump complete
--

\unrestrict zaptzcr8kwbdgMM9AjT1gRn0lpGTMB3gdWobd24b4yLVvQjhQMKjKIfY9VMfGwR

