// `cvvision explain`: why a plot is or is not visible to a viewer (docs/vision-rules.md, sections 1-6).
//
// A short plain-text report, one idea per line: the viewer and its see-from level, the target and
// its ring, the facing test, every tied path (docs/vision-rules.md, section 3) from the viewer to
// the target with the first plot where light stops, the rule applied, and last the verdict line
// ("verdict: visible ..." or "verdict: not visible ..."). The verdict is always the engine's
// (canSeePlot; for aerial sight, the engine's aerial square): the explanation reasons on its own,
// and when it ever reaches another answer it says so in a line "note: explanation and engine
// disagree" just before the verdict.
// The tests prove that never happens on random maps.
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
// The facing cone is explained with the BTS spreads (60 and 90 degrees), the ones of
// CvVisionTables::standard(). Throws std::invalid_argument when eTeam is not a team of the grid.
std::string explainSight(const PlotGrid& kGrid, const CvVisionEngine& kEngine, const ExplainRequest& kRequest);

// The line every report ends with (without its newline), and whether it says "visible".
std::string explainVerdictLine(const std::string& sReport);
bool explainSaysVisible(const std::string& sReport);

} // namespace cvv
