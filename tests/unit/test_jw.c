/* test_jw.c - the streaming JSON writer: commas, nesting, escapes, and
 * output that a real JSON parser accepts. */
#include "core/jw.h"
#include <criterion/criterion.h>
#include <jansson.h>

Test(jw, object_with_every_kind_of_value)
{
    Jw w;
    jw_init(&w);
    jw_obj(&w);
    jw_kstr(&w, "s", "hi");
    jw_kint(&w, "i", -3);
    jw_knum(&w, "n", 0.5);
    jw_kbool(&w, "b", true);
    jw_key(&w, "z");
    jw_null(&w);
    jw_key(&w, "a");
    jw_arr(&w);
    jw_int(&w, 1);
    jw_u64(&w, 18446744073709551615u);
    jw_obj(&w);
    jw_obj_end(&w);
    jw_arr_end(&w);
    jw_obj_end(&w);
    cr_expect_str_eq(jw_str_of(&w), "{\"s\":\"hi\",\"i\":-3,\"n\":0.5,\"b\":true,\"z\":null,"
                                    "\"a\":[1,18446744073709551615,{}]}");
    jw_fini(&w);
}

Test(jw, escapes_strings)
{
    Jw w;
    jw_init(&w);
    jw_str(&w, "a\"b\\c\nd\te\x01");
    cr_expect_str_eq(jw_str_of(&w), "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
    jw_fini(&w);
}

Test(jw, reset_reuses_the_writer)
{
    Jw w;
    jw_init(&w);
    jw_arr(&w);
    jw_int(&w, 1);
    jw_arr_end(&w);
    jw_reset(&w);
    jw_arr(&w);
    jw_int(&w, 2);
    jw_int(&w, 3);
    jw_arr_end(&w);
    cr_expect_str_eq(jw_str_of(&w), "[2,3]");
    jw_fini(&w);
}

Test(jw, output_parses_back)
{
    Jw w;
    jw_init(&w);
    jw_obj(&w);
    for (int i = 0; i < 200; i++) {
        char k[16];
        snprintf(k, sizeof k, "k%d", i);
        jw_key(&w, k);
        jw_arr(&w);
        jw_str(&w, "x\"y");
        jw_num(&w, i * 0.25);
        jw_arr_end(&w);
    }
    jw_obj_end(&w);
    json_error_t err;
    json_t *j = json_loads(jw_str_of(&w), 0, &err);
    cr_assert_not_null(j, "%s", err.text);
    cr_expect_eq(json_object_size(j), 200u);
    json_t *a = json_object_get(j, "k199");
    cr_expect_str_eq(json_string_value(json_array_get(a, 0)), "x\"y");
    cr_expect_float_eq(json_number_value(json_array_get(a, 1)), 49.75, 1e-9);
    json_decref(j);
    jw_fini(&w);
}
