// SDK mock: GET_TEAM.
#pragma once
#ifndef CV_MOCK_TEAMAI_H
#define CV_MOCK_TEAMAI_H

#include "CvGlobals.h"
#include "CvTeam.h"

#define GET_TEAM(eTeam) (GC.getTeam(eTeam))

#endif
