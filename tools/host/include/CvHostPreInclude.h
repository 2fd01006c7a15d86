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
#include <cmath>
#include <random>
#endif

#include "CvHostCrt.h"

// Visual C++ 2003's <math.h> has no C99 `round`, and trees define their own (AdvCiv's and
// RoM-AND's `inline int round(double)`, ScaledNum's `round()` member), which the C library's
// `double round(double)` would clash with. Every header of the library that names it is included
// above; from here on, the name is the tree's: a tree's `round` is compiled as cvHostRound, in its
// declarations and its uses alike.
#define round cvHostRound

#ifdef __cplusplus
// Dinkumware's name for a container's allocator type, which some cores use (ReplayMessageList::_Alloc).
#define _Alloc allocator_type
// Dinkumware's macro for a throw, which RoM-AND uses (`_THROW(std::invalid_argument, reason)`).
#define _THROW(x, y) throw x(y)

// A BOOST_STATIC_ASSERT that fails on the host (rewrites.py, failed-static-assert): disabled.
#define CVHOST_FAILED_STATIC_ASSERT(...)

// A temporary passed where a non-const reference is wanted (rewrites.py, temporary-to-reference):
// Visual C++ 2003 bound it, for as long as the call's full expression; so does this.
template <class T> inline T& cvHostLvalue(T&& temporary) { return temporary; }
// A value converted to T as an initialisation converts it (no cast): the temporary MSVC made for
// a reference of another type.
template <class T> inline T cvHostImplicit(T value) { return value; }

// The work of a `__try`'s `__finally` block (rewrites.py, seh-try-finally), done when the block
// that holds this object is left, however it is left.
class CvHostFinally {
public:
	explicit CvHostFinally(const std::function<void()>& work) : m_work(work) {}
	~CvHostFinally() { m_work(); }

private:
	CvHostFinally(const CvHostFinally&);
	CvHostFinally& operator=(const CvHostFinally&);
	std::function<void()> m_work;
};
#endif

#endif
