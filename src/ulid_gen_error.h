/*-------------------------------------------------------------------------
 *
 * ulid_gen_error.h
 *	  The errors of the generators: a failed state-machine step as an
 *	  ereport.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_GEN_ERROR_H
#define ULID_GEN_ERROR_H

#include "libulid/generator.h"

/* Raises the error of a failed generator step (not ULID_GEN_OK) */
extern void ulid_report_gen_failure(UlidGenStatus status);

#endif							/* ULID_GEN_ERROR_H */
