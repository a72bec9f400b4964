/* ulid--1.1--1.2.sql: one set of objects on every supported PostgreSQL */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.2'" to load this file. \quit
