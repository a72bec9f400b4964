--
-- PostgreSQL database dump
--

\restrict f6cwsZguuUp11JVAsHQvzMehglsJGJiZ7bxDZHq8tT3Hu2QvBYzy0LpodIGPTjR

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
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    id public.ulid DEFAULT public.gen_monotonic_ulid() NOT NULL,
    user_id public.ulid NOT NULL,
    parent_ids public.ulid[] DEFAULT '{}'::public.ulid[] NOT NULL,
    kind text NOT NULL
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id public.ulid DEFAULT public.gen_ulid() NOT NULL,
    name text NOT NULL,
    legacy_id uuid
);


--
-- Name: user_keys; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.user_keys AS
 SELECT users.id,
    (users.id)::uuid AS id_uuid,
    (users.id)::bytea AS id_bytes
   FROM public.users;


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.events (id, user_id, parent_ids, kind) FROM stdin;
01HABXQ2WAZJPHPA0QJYPSPBEN	01HABXQ2W92ZN4WDJGHR6NXRVM	{}	signup
01HABXQ2Y0HHVX3E4T9P40WHWB	01HABXQ2W92ZN4WDJGHR6NXRVM	{01HABXQ2WAZJPHPA0QJYPSPBEN}	login
01HYN9XCX46NK54PF7FZ7VK16V	01HABXQ2W9W2BE89V1B7G1269N	{}	signup
01HYN9XD9MJZT58J34BS1P5NJZ	01HABXQ2W9W2BE89V1B7G1269N	{01HYN9XCX46NK54PF7FZ7VK16V}	login
01HYN9XDCRW4Z6DXZSW5XKJGX4	01HE8HXPC1PFGW0GQP06TFH355	{}	signup
01HYN9XDCRW6FY7MD6TW61M7S6	01HE8HXPC1PFGW0GQP06TFH355	{01HYN9XDCRW4Z6DXZSW5XKJGX4,01HYN9XCX46NK54PF7FZ7VK16V}	login
01JGNP96K8HGMXYK0RMJ3R47EP	01JGNP95VT679JCZ6AV046EXP5	{}	signup
01K9NXJGT7TG2BW2KWD2S7RTKG	25AQRZ46YB8T2BX5FQRSMKWV7V	{}	signup
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, name, legacy_id) FROM stdin;
01HABXQ2W92ZN4WDJGHR6NXRVM	ada	0186cb65-25d7-81da-815c-7e25a6bfe7db
01HABXQ2W9W2BE89V1B7G1269N	grace	\N
01HE8HXPC1PFGW0GQP06TFH355	edsger	\N
25AQRZ46YB8T2BX5FQRSMKWV7V	barbara	a5c5d4de-a5a6-4a47-d7c3-ce3e8b6c7e3d
01JGNP95VT679JCZ6AV046EXP5	ken	\N
\.


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


--
-- Name: users users_legacy_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_legacy_id_key UNIQUE (legacy_id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: events_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_recent_idx ON public.events USING btree (id) WHERE (id OPERATOR(public.>=) '01HYN9XCX46NK54PF7FZ7VK16V'::public.ulid);


--
-- Name: events_user_id_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_user_id_hash ON public.events USING hash (user_id);


--
-- Name: events_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_user_id_idx ON public.events USING btree (user_id, id DESC);


--
-- Name: events events_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict f6cwsZguuUp11JVAsHQvzMehglsJGJiZ7bxDZHq8tT3Hu2QvBYzy0LpodIGPTjR

