/* pyconfig.h for the host: Python 2.4's headers (the tree's Python24/include, whose own
   pyconfig.h is Windows-only) on 32-bit Linux. The core is built against these headers only;
   no Python runs in the host (tools/host/runtime/CvHostPython.cpp answers the few symbols the
   core links to). */
#ifndef CVHOST_PYCONFIG_H
#define CVHOST_PYCONFIG_H
#define SIZEOF_INT 4
#define SIZEOF_LONG 4
#define SIZEOF_LONG_LONG 8
#define SIZEOF_VOID_P 4
#define SIZEOF_SIZE_T 4
#define SIZEOF_SHORT 2
#define SIZEOF_FLOAT 4
#define SIZEOF_DOUBLE 8
#define SIZEOF_FPOS_T 12
#define SIZEOF_TIME_T 4
#define SIZEOF_WCHAR_T 4
#define SIZEOF_PTHREAD_T 4
#define HAVE_LONG_LONG 1
#define PY_LONG_LONG long long
#define HAVE_STDARG_PROTOTYPES 1
#define HAVE_PROTOTYPES 1
#define HAVE_UNISTD_H 1
#define HAVE_LIMITS_H 1
#define HAVE_FCNTL_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_WCHAR_H 1
#define HAVE_USABLE_WCHAR_T 1
#define Py_UNICODE_SIZE 4
#define Py_USING_UNICODE 1
#define PY_UNICODE_TYPE wchar_t
#define STDC_HEADERS 1
#define WITH_THREAD 1
#define WITH_PYMALLOC 1
#define HAVE_DYNAMIC_LOADING 1
#define HAVE_UINTPTR_T 1
#define HAVE_STDINT_H 1
#define HAVE_ERRNO_H 1
#define HAVE_SIGNAL_H 1
#define HAVE_SYS_TIME_H 1
#define TIME_WITH_SYS_TIME 1
#define HAVE_FTIME 1
#define HAVE_GETTIMEOFDAY 1
#endif
