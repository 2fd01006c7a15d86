#ifndef LADDER_H
#define LADDER_H
#define CAT(a, b) a##b
#define NAME(x) #x
#define CALL(f, ...) f(__VA_ARGS__)
#if MAX_PLAYERS * 2 > 30 && defined(_USRDLL) || (1 << 70) | ~0 % 0
#define WIDE 1
#elif !defined WIDE
#define WIDE 0
#else
#error never
#endif
#if 0
#if garbage ( ) ( <<
#endif
#endif
template <class T, int N = 3> struct CvArray { T m_a[N]; void CAT(re, ad)(FDataStreamBase* p) { CALL(p->Read, N, m_a); } };
namespace NS { struct Inner { int m_i; }; }
extern CvGlobals gGlobals;
#endif
