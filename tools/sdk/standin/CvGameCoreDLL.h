// SDK mock: the precompiled header every SDK source includes first.
// Written for CvVision's tests; not the SDK's file.
#pragma once
#ifndef CV_MOCK_GAMECOREDLL_H
#define CV_MOCK_GAMECOREDLL_H

#include "CvEnums.h"
#include "CvGlobals.h"

#include <cstddef>

// The game's assertion and profiling macros, as a release build has them: nothing.
#ifndef FAssert
#define FAssert(expr) ((void)0)
#endif
#ifndef FAssertMsg
#define FAssertMsg(expr, msg) ((void)0)
#endif
// CvVision's assertion (CvVisionSdkAssert.h), FAssertMsg in the game: here every failure goes to
// cvVisionAssertFailed (CvMockGame.cpp), which prints it and aborts, or calls the handler a test
// installed (cvStandinSetAssertHandler) to see it.
#define CV_VISION_ASSERT_HOOK
typedef void (*CvStandinAssertHandler)(const char* szExpression, const char* szMessage, const char* szFile,
	int iLine);
void cvVisionAssertFailed(const char* szExpression, const char* szMessage, const char* szFile, int iLine);
// Installs pHandler (NULL: print and abort again); returns the handler it replaces.
CvStandinAssertHandler cvStandinSetAssertHandler(CvStandinAssertHandler pHandler);
#ifndef PROFILE_FUNC
#define PROFILE_FUNC() ((void)0)
#endif
#ifndef PROFILE
#define PROFILE(name) ((void)0)
#endif

// The SDK fixes it at compile time (CvDefines.h); the mock sizes it per test.
#define MAX_TEAMS (CvGlobals::getInstance().getMaxTeams())
// As in the SDK, the barbarians are the last team.
#define BARBARIAN_TEAM (static_cast<TeamTypes>(MAX_TEAMS - 1))

// The SDK's header brings in Boost.Python under the name `python`; the mock does when a test
// builds the Python exposure (with Debian's Boost.Python instead of the SDK's 1.32).
#ifdef CV_MOCK_BOOST_PYTHON
#include <boost/python.hpp>
namespace python = boost::python;
#endif

#endif
