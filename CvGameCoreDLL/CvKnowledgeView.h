#pragma once
#ifndef CV_KNOWLEDGE_VIEW_H
#define CV_KNOWLEDGE_VIEW_H

// CvVision: a plot as a team knows it, for planning moves with what the team knows rather than
// with the truth (seed 001: guards plan with what they see now and their memory elsewhere, so a
// shortcut opened out of their sight does not change their plans).
//
// For team T a plot answers
//   * from the truth, while T sees it now (visibility count > 0);
//   * from T's revealed memory, if T saw it before: the route and the owner as T last saw them
//     (docs/vision-rules.md, section 8: CvPlot::getRevealedRouteType, getRevealedTeam). Plot
//     type, terrain and feature are the current ones, as the game shows them in the fog;
//   * as unknown otherwise (bKnown false): the path cost's assumption applies
//     (CVVISION_PATH_UNKNOWN_PLOTS).
//
// Plain C++03: this file is compiled into the game's DLL.

// What the path cost reads of a plot. -1 for none.
struct CvPathPlot
{
	int eKind;     // CvVisionPlotKind
	int eTerrain;
	int eFeature;
	int eRoute;
	int eOwner;    // the owning team
	bool bKnown;   // false: the team never saw the plot; nothing else is meaningful

	CvPathPlot() : eKind(2), eTerrain(-1), eFeature(-1), eRoute(-1), eOwner(-1), bKnown(false) {}
};

// The game or the host world, as the views read it (a template parameter, no virtual calls):
//   int getGridWidth() const; int getGridHeight() const; bool isWrapX() const; bool isWrapY() const;
//   CvPathPlot truePlot(int iPlot) const;            // the plot as it is (bKnown true)
//   bool isVisibleTo(int iPlot, int eTeam) const;    // the team sees it now
//   bool isRevealedTo(int iPlot, int eTeam) const;   // the team saw it, now or before
//   int revealedRoute(int iPlot, int eTeam) const;   // the route as the team last saw it
//   int revealedOwner(int iPlot, int eTeam) const;   // the owning team as the team last saw it
// Plot index: y * width + x.

// A team's knowledge of the world.
template <class World>
class CvKnowledgeView
{
public:
	CvKnowledgeView(const World& kWorld, int eTeam) : m_kWorld(kWorld), m_eTeam(eTeam) {}

	int getGridWidth() const { return m_kWorld.getGridWidth(); }
	int getGridHeight() const { return m_kWorld.getGridHeight(); }
	bool isWrapX() const { return m_kWorld.isWrapX(); }
	bool isWrapY() const { return m_kWorld.isWrapY(); }

	CvPathPlot plot(int iPlot) const
	{
		if (m_kWorld.isVisibleTo(iPlot, m_eTeam))
		{
			return m_kWorld.truePlot(iPlot);
		}
		if (!m_kWorld.isRevealedTo(iPlot, m_eTeam))
		{
			return CvPathPlot();
		}
		CvPathPlot kPlot = m_kWorld.truePlot(iPlot);
		kPlot.eRoute = m_kWorld.revealedRoute(iPlot, m_eTeam);
		kPlot.eOwner = m_kWorld.revealedOwner(iPlot, m_eTeam);
		return kPlot;
	}

private:
	const World& m_kWorld;
	int m_eTeam;
};

// The truth: every plot as it is, as if the team saw the whole map.
template <class World>
class CvTruthView
{
public:
	explicit CvTruthView(const World& kWorld) : m_kWorld(kWorld) {}

	int getGridWidth() const { return m_kWorld.getGridWidth(); }
	int getGridHeight() const { return m_kWorld.getGridHeight(); }
	bool isWrapX() const { return m_kWorld.isWrapX(); }
	bool isWrapY() const { return m_kWorld.isWrapY(); }

	CvPathPlot plot(int iPlot) const { return m_kWorld.truePlot(iPlot); }

private:
	const World& m_kWorld;
};

#endif
