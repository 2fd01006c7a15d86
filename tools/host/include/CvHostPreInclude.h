// Included before every file of a core built for the host (clang -include): the standard headers
// the core takes for granted from Visual C++ 2003's, then the names of its library that differ.
#ifndef CVHOST_PREINCLUDE_H
#define CVHOST_PREINCLUDE_H

// In MSVC mode clang defines none of GCC's macros, which glibc and libstdc++ read.
#ifndef __GCC_ATOMIC_TEST_AND_SET_TRUEVAL
#define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>
#include <ctype.h>
#include <stdarg.h>
#include <limits.h>
#include <float.h>
#include <time.h>
#include <assert.h>
#ifdef __cplusplus
#include <algorithm>
#include <string>
#include <vector>
#include <list>
#include <map>
#include <set>
#include <deque>
#include <queue>
#include <stack>
#include <bitset>
#include <iostream>
#include <fstream>
#include <sstream>
#include <new>
#include <utility>
#include <functional>
#include <iterator>
#endif

#include "CvHostCrt.h"

#ifdef __cplusplus
// Dinkumware's name for a container's allocator type, which some cores use (ReplayMessageList::_Alloc).
#define _Alloc allocator_type
#endif

#endif
