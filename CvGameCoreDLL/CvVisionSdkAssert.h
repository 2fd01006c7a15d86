#pragma once
#ifndef CV_VISION_SDK_ASSERT_H
#define CV_VISION_SDK_ASSERT_H

// CvVision: the adapter's assertion, in the style of the game's FAssertMsg. In the game it is
// FAssertMsg (FAssert.h, which the game's CvGameCoreDLL.h includes): a debug build stops at a
// failed one, a release build compiles it away. On the host, the stand-in for the game
// (tools/sdk/standin/CvGameCoreDLL.h) defines CV_VISION_ASSERT_HOOK and cvVisionAssertFailed, so
// that the tests see every failure (docs/into-the-game.md, "Assertions").
// Include after CvGameCoreDLL.h.
// Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionEngine.h" // CvVisionResult, cvVisionResultText

#ifdef CV_VISION_ASSERT_HOOK
#define CV_VISION_ASSERT(expr, msg) ((expr) ? (void)0 : cvVisionAssertFailed(#expr, (msg), __FILE__, __LINE__))
#else
#define CV_VISION_ASSERT(expr, msg) FAssertMsg(expr, msg)
#endif

// Checks a result of the engine or the ledger: anything but CV_VISION_OK fails the assertion,
// which names it. The call that gave the result has run in every build (the engine and the
// ledger change nothing on an error).
inline void cvVisionCheck(CvVisionResult eResult)
{
	CV_VISION_ASSERT(eResult == CV_VISION_OK, cvVisionResultText(eResult));
}

#endif
