class CvBroken { void read(FDataStreamBase* pStream) { if (x) { pStream->Read(&m_i); } ; int m_i;
void CvBroken::write(FDataStreamBase* pStream) { switch (1) { case : } ) ] }
#if (((
#elif
template <class T struct X {
