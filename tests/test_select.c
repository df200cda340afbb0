/*
 * tests/test_select.c - `-variant LIST` as speed, selftest, kat and list read it
 * (kernels/select.h), on test doubles registered at run time so that the answers do
 * not depend on which families this target built.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernels/registry.h"
#include "tests/support.h"
#include "kernels/select.h"

/* Two AES doubles offering only CTR: a fast one needing capabilities that the masks
 * below leave out, and a slow portable one. */
static const cb_variant fast_ctr = {"sel-fast", "test", CB_PRIM_AES, CB_CAP_AES | CB_CAP_AESNI,
                                    990, &tu_aes_ctr_only, "test double"};
static const cb_variant slow_ctr = {"sel-slow", "test", CB_PRIM_AES, 0, 980, &tu_aes_ctr_only,
                                    "test double"};

static int setup(void **state)
{
    (void)state;
    assert_int_equal(cb_variant_register(&fast_ctr), 0);
    assert_int_equal(cb_variant_register(&slow_ctr), 0);
    return 0;
}

static cb_selection parsed(const char *spec)
{
    cb_selection sel;
    char err[256];
    assert_int_equal(cb_selection_parse(&sel, spec, err, sizeof err), 0);
    return sel;
}

static void test_parse_refusals(void **state)
{
    (void)state;
    cb_selection sel;
    char err[4096];
    assert_int_equal(cb_selection_parse(&sel, "generic,nosuch", err, sizeof err), -1);
    assert_non_null(strstr(err, "'nosuch' is not a variant of this build"));
    assert_non_null(strstr(err, "generic"));
    assert_non_null(strstr(err, "sel-fast")); /* run-time rows are names like any other */
    assert_int_equal(cb_selection_parse(&sel, "all,generic", err, sizeof err), -1);
    assert_non_null(strstr(err, "stands alone"));
    assert_int_equal(cb_selection_parse(&sel, "generic,", err, sizeof err), -1);
    assert_non_null(strstr(err, "empty name"));
    assert_int_equal(cb_selection_parse(&sel, "", err, sizeof err), -1);
    char many[40 * (CB_SELECT_MAX + 1)] = "";
    for (int i = 0; i <= CB_SELECT_MAX; i++)
        strcat(many, i ? ",generic" : "generic");
    assert_int_equal(cb_selection_parse(&sel, many, err, sizeof err), -1);
    assert_non_null(strstr(err, "more than"));
}

static void test_modes(void **state)
{
    (void)state;
    const cb_alg *ctr = cb_alg_find("aes-128-ctr");
    cb_pick p[64];
    cb_selection sel = parsed(NULL);
    assert_int_equal(sel.mode, CB_SELECT_AUTO);
    /* auto under no capabilities: the slow double outranks generic, the fast one
     * cannot run */
    assert_int_equal(cb_select(&sel, ctr, CB_DIR_ENCRYPT, 0, p, 64), 1);
    assert_ptr_equal(p[0].var, &slow_ctr);
    assert_int_equal(p[0].named, 0);
    /* auto with what the fast one needs */
    assert_int_equal(cb_select(&sel, ctr, CB_DIR_ENCRYPT, CB_CAP_AES | CB_CAP_AESNI, p, 64), 1);
    assert_ptr_equal(p[0].var, &fast_ctr);

    /* all: every variant offering the algorithm, with the reason for those that
     * cannot run */
    sel = parsed("all");
    size_t n = cb_select(&sel, ctr, CB_DIR_ENCRYPT, 0, p, 64);
    int saw_fast = 0, saw_generic = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i].var == &fast_ctr) {
            saw_fast = 1;
            assert_non_null(strstr(p[i].why, "needs"));
        }
        if (strcmp(p[i].var->name, "generic") == 0) {
            saw_generic = 1;
            assert_string_equal(p[i].why, "");
        }
    }
    assert_true(saw_fast && saw_generic);
    /* max bounds what is written */
    assert_int_equal(cb_select(&sel, ctr, CB_DIR_ENCRYPT, 0, p, 1), 1);
}

static void test_lists(void **state)
{
    (void)state;
    const cb_alg *ctr = cb_alg_find("aes-128-ctr"), *md5 = cb_alg_find("md5");
    cb_pick p[64];
    /* in the order given, auto standing for auto's pick, repeats kept */
    cb_selection sel = parsed("generic,auto,generic");
    assert_int_equal(cb_select(&sel, ctr, CB_DIR_ENCRYPT, 0, p, 64), 3);
    assert_string_equal(p[0].var->name, "generic");
    assert_int_equal(p[0].named, 1);
    assert_ptr_equal(p[1].var, &slow_ctr);
    assert_int_equal(p[1].named, 0);
    assert_string_equal(p[2].var->name, "generic");
    assert_null(cb_selection_missing(&sel, ctr, CB_DIR_ENCRYPT));

    /* a name the algorithm lacks is skipped and reported as missing */
    sel = parsed("sel-slow,generic");
    assert_int_equal(cb_select(&sel, md5, CB_DIR_DIGEST, 0, p, 64), 1);
    assert_string_equal(p[0].var->name, "generic");
    assert_string_equal(cb_selection_missing(&sel, md5, CB_DIR_DIGEST), "sel-slow");
    assert_true(cb_selection_offered(&sel, md5));
    sel = parsed("sel-slow");
    assert_false(cb_selection_offered(&sel, md5));
    assert_true(cb_selection_offered(&sel, ctr));
    /* the double offers no CBC: not a variant of aes-128-cbc in either direction */
    assert_string_equal(cb_selection_missing(&sel, cb_alg_find("aes-128-cbc"), CB_DIR_ANY),
                        "sel-slow");

    char text[128];
    sel = parsed("generic,auto");
    assert_string_equal(cb_selection_text(&sel, text, sizeof text), "generic,auto");
    sel = parsed("all");
    assert_string_equal(cb_selection_text(&sel, text, sizeof text), "all");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_refusals),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_lists),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
