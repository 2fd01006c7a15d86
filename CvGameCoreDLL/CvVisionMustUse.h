#pragma once
#ifndef CV_VISION_MUST_USE_H
#define CV_VISION_MUST_USE_H

// CvVision: results that must be read. CV_VISION_MUST_USE goes before the declaration of a
// function whose result reports a failure (a CvVisionResult, a false, a -1) or a count the caller
// needs: GCC and Clang then warn where a call drops it (-Wunused-result, on by default; an error
// under the -Werror of the host's DLL-side build and of CTest's cxx98.* checks). Visual C++ 2003
// (_MSC_VER 1310) has no such attribute: there the macro is nothing.
// Plain C++03: this file is compiled into the game's DLL.

#if defined(__GNUC__) || defined(__clang__)
#define CV_VISION_MUST_USE __attribute__((warn_unused_result))
#else
#define CV_VISION_MUST_USE
#endif

// Drops a result on purpose, where the code says why. GCC does not take a cast to void as reading
// a warn_unused_result result (it warns all the same); handing it to this function does.
template <class T>
inline void cvVisionDropResult(const T&)
{
}

#endif
