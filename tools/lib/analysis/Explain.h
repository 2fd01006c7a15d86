// `cvvision explain`: why a plot is or is not visible to a viewer (docs/vision-rules.md, sections 1-6).
//
// A short plain-text report, one idea per line: the viewer and its see-from level, the target and
// its ring, the facing test, every tied path (docs/vision-rules.md, section 3) from the viewer to the target with the first
// plot where light stops, the rule applied, and last the verdict line ("verdict: visible ..." or
// "verdict: not visible ..."). The verdict is always the engine's (canSeePlot; for aerial sight, the
// engine's aerial square): the explanation reasons on its own, and when it ever reaches another
// answer it says so in a line "note: explanation and engine disagree" just before the verdict.
// The tests prove that never happens on random maps. The explanation is BTS's sight (docs/vision-rules.md, section 3): under
// a PCVT sight model (CVVISION_SIGHT_MODEL) the engine's verdict can differ, and the note says so.
#pragma once

#include "CvVisionEngine.h"
#include "model/PlotGrid.h"

#include <string>

namespace cvv {

struct ExplainRequest
{
	int iFromX = 0;
	int iFromY = 0;
	int iToX = 0;
	int iToY = 0;
	int eTeam = 0;
	int iRange = 1;
	int eFacing = CV_VISION_NO_DIRECTION;
	bool bAerial = false;
};

// The report. Deterministic (same grid and request, same text); ends with a newline.
// Whether light passes a plot (clear(d) of docs/vision-rules.md, section 3) and the facing cone's spreads are the engine's.
// Throws std::invalid_argument when eTeam is not a team of the grid.
std::string explainSight(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest);

// The line every report ends with (without its newline), and whether it says "visible".
std::string explainVerdictLine(const std::string& sReport);
bool explainSaysVisible(const std::string& sReport);

} // namespace cvv
