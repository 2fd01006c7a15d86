// <MMSystem.h> for the host: the multimedia timers come from the stand-in <windows.h>.
#include <windows.h>
