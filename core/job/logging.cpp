#include "logging.h"

Q_LOGGING_CATEGORY(lcJob, "sluice.core.job", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPlan, "sluice.core.plan", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPipeline, "sluice.core.pipeline", QtWarningMsg)
Q_LOGGING_CATEGORY(lcEngine, "sluice.core.engine", QtWarningMsg)
Q_LOGGING_CATEGORY(lcFlush, "sluice.core.flush", QtWarningMsg)
