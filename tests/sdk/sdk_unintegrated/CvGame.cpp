// SDK mock: CvGame::update as an unintegrated SDK has it (sdk-integrate adds CvVision's hook).
// Written for CvVision's tests; not the SDK's code.
#include "CvGameCoreDLL.h"
#include "CvGame.h"

void CvGame::update()
{
	// stand-in: the game's turn slice
	++m_iUpdates;
}
