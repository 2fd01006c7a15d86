// SDK mock: the game object; the exe calls update() every frame.
// Written for CvVision's tests; not the SDK's file.
#pragma once
#ifndef CV_MOCK_GAME_H
#define CV_MOCK_GAME_H

class CvGame
{
public:
	CvGame() : m_iUpdates(0) {}
	void update();

	// mock only
	int m_iUpdates;
};

#endif
