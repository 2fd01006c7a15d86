// read-save: a save read by the core's own read() functions (placeholder until the command is
// written: it refuses).
#include "CvGameCoreDLL.h"
#include "CvHostRun.h"

int cvHostReadSave(const CvHostOptions&) {
	fprintf(stderr, "cvcore-host: read-save is not written yet\n");
	return 1;
}
