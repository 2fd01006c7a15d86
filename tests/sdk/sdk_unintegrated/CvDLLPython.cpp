// SDK mock: where the game registers its Python classes. Only here so the integration tool has
// its registration to add; the mock build does not compile it.
#include "CvGameCoreDLL.h"

void DLLPublishToPython()
{
	// the game's own Cy* classes would be registered here
}
