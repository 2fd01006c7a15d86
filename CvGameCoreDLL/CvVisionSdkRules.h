#pragma once
#ifndef CV_VISION_SDK_RULES_H
#define CV_VISION_SDK_RULES_H

// CvVision: the rules read from the game's loaded infos and defines (GC), as the adapter reads them
// once (CvVisionSdkState.cpp). This part needs only the game's globals, its info classes and its
// defines, the getters every BTS tree has: tools/host compiles it beside an untouched tree's own
// objects, after that tree's own XML loading (`cvcore rules`, docs/host.md).
// Include after CvGameCoreDLL.h. Plain C++03: this file is compiled into the game's DLL.

#include "CvVisionRules.h"

// Fills kRules, which holds CvVisionRules()'s defaults, from GC:
//   - the defines PLOT_, UNIT_ and RECON_VISIBILITY_RANGE, PEAK_, HILLS_ and SEAWATER_SEE_FROM_ and
//     _SEE_THROUGH_CHANGE, MOVE_DENOMINATOR (kept at BTS's 60 unless 1..10000) and
//     HILLS_EXTRA_MOVEMENT (GC.getDefineINT: an absent one reads as 0, as in the game);
//   - the knobs (CVVISION_*: an absent one keeps its default, a value beyond its limits is held to
//     them), CVVISION_SEE_FROM_<improvement> and CVVISION_EXTRA_RANGE_<unit>;
//   - the terrain, feature, route, improvement, tech, promotion, invisible and unit infos, in the
//     game's order.
void cvVisionSdkReadRules(CvVisionRules& kRules);

#endif
