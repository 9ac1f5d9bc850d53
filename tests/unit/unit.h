/* unit.h -- common includes of the CMocka unit tests. */
#ifndef HCC_UNIT_H
#define HCC_UNIT_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hcc.h"
#include "internal.h"
#endif
