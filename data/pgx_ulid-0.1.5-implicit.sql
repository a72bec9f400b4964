--
-- PostgreSQL database dump
--

\restrict YHio4DuJBLl2zQmCCcwfBIfoto9zD1Y8gCNyvscPvCyjamqA4GCQoYpYCvZre9V

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


--
-- Name: order_time(public.ulid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_time(u public.ulid) RETURNS timestamp without time zone
    LANGUAGE sql IMMUTABLE
    RETURN u;


--
-- Name: order_year(public.ulid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.order_year(u public.ulid) RETURNS numeric
    LANGUAGE sql IMMUTABLE
    RETURN EXTRACT(year FROM u);


--
-- Name: user_created(public.ulid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.user_created(u public.ulid) RETURNS timestamp without time zone
    LANGUAGE sql IMMUTABLE
    AS $$SELECT u$$;


--
-- Name: user_created_pl(public.ulid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.user_created_pl(u public.ulid) RETURNS timestamp without time zone
    LANGUAGE plpgsql IMMUTABLE
    AS $$BEGIN RETURN u; END$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.files (
    hash bytea NOT NULL,
    name text
);


--
-- Name: orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.orders (
    id public.ulid DEFAULT public.gen_ulid() NOT NULL,
    total numeric NOT NULL
);


--
-- Name: all_keys; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.all_keys AS
 SELECT files.hash AS key
   FROM public.files
UNION ALL
 SELECT orders.id AS key
   FROM public.orders;


--
-- Name: audit; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit (
    id public.ulid DEFAULT public.gen_ulid() NOT NULL,
    at timestamp without time zone DEFAULT public.gen_ulid() NOT NULL,
    what text
);


--
-- Name: blobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blobs (
    key bytea DEFAULT public.gen_ulid() NOT NULL,
    body text
);


--
-- Name: order_days; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.order_days AS
 SELECT orders.id,
    date_trunc('day'::text, (orders.id)::timestamp without time zone) AS day
   FROM public.orders;


--
-- Name: orders_by_year; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.orders_by_year AS
 SELECT EXTRACT(year FROM orders.id) AS year,
    count(*) AS count
   FROM public.orders
  GROUP BY (EXTRACT(year FROM orders.id));


--
-- Name: orders_in_utc; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.orders_in_utc AS
 SELECT orders.id,
    (orders.id AT TIME ZONE 'UTC'::text) AS at
   FROM public.orders;


--
-- Name: ticks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ticks (
    id public.ulid DEFAULT LOCALTIMESTAMP NOT NULL,
    n integer
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id public.ulid DEFAULT public.gen_ulid() NOT NULL,
    name text NOT NULL,
    created_at timestamp without time zone GENERATED ALWAYS AS (id) STORED
);


--
-- Name: users_2024; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.users_2024 AS
 SELECT users.id,
    users.name
   FROM public.users
  WHERE ((users.created_at >= '2024-01-01 00:00:00'::timestamp without time zone) AND (users.created_at < '2025-01-01 00:00:00'::timestamp without time zone));


--
-- Data for Name: audit; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.audit (id, at, what) FROM stdin;
01HABXQ2W9W2BE89V1B7G1269N	2023-09-15 12:00:01.234	login
01JGNP95VT5F8K2M4N6P8Q0R1S	2025-01-01 00:00:00	logout
\.


--
-- Data for Name: blobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.blobs (key, body) FROM stdin;
\\x018a9d9b8b89f8d5a4f0e6e1b2c3d4e5	first
\\x01941d64b77a1f2e3d4c5b6a79881726	second
\.


--
-- Data for Name: files; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.files (hash, name) FROM stdin;
\\x00ff	readme
\.


--
-- Data for Name: orders; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.orders (id, total) FROM stdin;
01HABXQ2W92ZN4WDJGHR6NXRVM	10
01HRX5QG8Z3C1M5Y6W9F3T7A2B	20
01JGNP95VT679JCZ6AV046EXP5	30
\.


--
-- Data for Name: ticks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.ticks (id, n) FROM stdin;
01GV5PA9EQ0000000000000000	1
01HABXQ2W90000000000000000	2
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, name) FROM stdin;
01HABXQ2W92ZN4WDJGHR6NXRVM	ada
01HRX5QG8Z3C1M5Y6W9F3T7A2B	grace
01JGNP95VT679JCZ6AV046EXP5	ken
\.


--
-- Name: audit audit_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit
    ADD CONSTRAINT audit_pkey PRIMARY KEY (id);


--
-- Name: blobs blobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blobs
    ADD CONSTRAINT blobs_pkey PRIMARY KEY (key);


--
-- Name: files files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_pkey PRIMARY KEY (hash);


--
-- Name: orders orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);


--
-- Name: ticks ticks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ticks
    ADD CONSTRAINT ticks_pkey PRIMARY KEY (id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- PostgreSQL database dump complete
--

\unrestrict YHio4DuJBLl2zQmCCcwfBIfoto9zD1Y8gCNyvscPvCyjamqA4GCQoYpYCvZre9V

