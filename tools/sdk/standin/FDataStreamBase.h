// SDK mock: the stream a save is read from, as a list of ints.
// Written for CvVision's tests; not the SDK's file.
#pragma once
#ifndef CV_MOCK_FDATASTREAMBASE_H
#define CV_MOCK_FDATASTREAMBASE_H

#include <cstddef>
#include <vector>

class FDataStreamBase
{
public:
	FDataStreamBase() : m_iNext(0) {}
	void Read(int* piValue) { *piValue = m_aiData[m_iNext++]; }
	void Write(int iValue) { m_aiData.push_back(iValue); }

	// mock only
	std::vector<int> m_aiData;
	std::size_t m_iNext;
};

#endif
