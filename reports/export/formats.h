/*
 * reports/export/formats.h - the one list of export formats.  Every reader derives
 * from CB_EXPORT_FORMATS: the writers' declarations (export.h), the table -format
 * looks names up in (export.c), the help lines, the error sentences, which formats
 * gate (-fail-if-slower) and which count failures for the exit status (cli/cmd_export.c),
 * and through `export -h` the test that holds docs/export.md to the list
 * (tests/cli/docs_export.sh).  Adding a format is its writer file and one row here.
 *
 * X(name, write, failures, gate, what): one row per format, in the order help lists
 * them.  write writes the cases; failures (or 0) counts the cases it marks failed, so
 * the command exits 1 when there are any; gate (or 0) writes compare's gate of two
 * files, which makes the format the one -fail-if-slower takes; what is one help line.
 */
#ifndef CB_EXPORT_FORMATS_H
#define CB_EXPORT_FORMATS_H

#define CB_EXPORT_FORMATS(X)                                                              \
    X("bmf", cb_export_bmf, 0, 0,                                                         \
      "Bencher Metric Format JSON: throughput in bytes/s with its interval")             \
    X("github", cb_export_github, 0, 0,                                                   \
      "github-action-benchmark customBiggerIsBetter JSON, MB/s")                         \
    X("gobench", cb_export_gobench, 0, 0,                                                 \
      "Go benchmark lines, one per sample, for benchstat")                               \
    X("googlebench", cb_export_googlebench, 0, 0,                                         \
      "Google Benchmark JSON, one iteration entry per sample, for its compare.py")       \
    X("lava", cb_export_lava, 0, 0, "lava-test-case lines with the median in MB/s")       \
    X("junit", cb_export_junit, cb_export_junit_failures, cb_export_junit_gate,           \
      "JUnit XML: one testcase per case; with two files, compare's gate")

#endif
