/*-------------------------------------------------------------------------
 *
 * ulid_time.h
 *	  What ulid_time.c offers the other modules: a timestamp as a ULID time.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_TIME_H
#define ULID_TIME_H

#include "datatype/timestamp.h"

/* The millisecond of ts as a ULID time field; raises 22008 if out of range */
extern uint64 ulid_time_from_timestamptz(TimestampTz ts);

#endif							/* ULID_TIME_H */
