/*
 * harness/runinfo.c - the conditions recorded with every sample.
 */
#include "harness/runinfo.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/caps.h"
#include "base/common.h"
#include "harness/emu.h"
#include "harness/host.h"
#include "kernels/select.h"

static char hostname[256];
static char cpu_model[256];
static char caps_detected[512];
static char caps_effective[512];
static char started[32];
static char tune[300];

void cb_runinfo_collect(cb_run_info *r, cb_clock clock)
{
    memset(r, 0, sizeof *r);
    cb_host_name(hostname, sizeof hostname);
    cb_host_cpu_model(cpu_model, sizeof cpu_model);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", &tm);
    r->tool_version = CB_VERSION;
    r->build_rev = cb_build_rev;
    r->build_config = cb_build_config;
    r->compiler = cb_build_compiler;
    r->cflags = cb_build_cflags;
    r->host_arch = cb_caps_arch_name();
    r->hostname = hostname;
    r->cpu_model = cpu_model;
    r->caps_detected = cb_caps_format(cb_caps_detected(), caps_detected, sizeof caps_detected);
    r->caps_effective = cb_caps_format(cb_caps_effective(), caps_effective,
                                       sizeof caps_effective);
    r->caps_mask = cb_caps_mask_text();
    r->mask_source = cb_caps_mask_source();
    r->emulator = cb_emulator();
    r->timing = cb_clock_name(clock);
    r->started = started;
    const cb_tune *t = cb_select_tuned();
    tune[0] = '\0';
    if (t)
        snprintf(tune, sizeof tune, "%s fnv1a64:%s", t->name, t->sum);
    r->tune = tune;
}
