// a class whose read() branches on a flag and a switch
enum Kind { KIND_A, KIND_B = 4, NUM_KINDS };
typedef std::vector<int> IntVector;
class CvThing : public CvBase
{
public:
	void read(FDataStreamBase* pStream);
	int get() const { return m_iA; }
	static const int SLOTS = MAX_PLAYERS;
protected:
	int m_iA, m_aiB[NUM_KINDS];
	IntVector m_aiV;
};
void CvThing::read(FDataStreamBase* pStream)
{
	uint uiFlag = 0;
	pStream->Read(&uiFlag);
	switch (m_iA) { case KIND_A: pStream->Read(&m_iA); break; case KIND_B: default: READ_ARRAY(pStream, NUM_KINDS, m_aiB); }
	for (int i = 0; i < (int)m_aiV.size(); ++i) { if (uiFlag > 1) pStream->Read(&m_aiV[i]); else continue; }
	do { --uiFlag; } while (uiFlag > 0);
}
