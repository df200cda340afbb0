/*
 * harness/multi.h - `speed -multi N`: the plan run by N workers at once (the
 * processes are harness/workers.c's), each sending back every case it timed; the
 * parent emits every worker's samples and figures, then each case as the whole
 * machine ran it.
 */
#ifndef CB_MULTI_H
#define CB_MULTI_H

#include "harness/run_impl.h"

/* cb_multi_run runs c's plan in c->o->multi workers and emits what they report;
 * -1 when a worker did not report or sent a report that does not parse. */
int cb_multi_run(cb_run_ctx *c);

#endif
