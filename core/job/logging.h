#pragma once

#include <QLoggingCategory>

// One logging category per component (enable with QT_LOGGING_RULES="sluice.*=true").
Q_DECLARE_LOGGING_CATEGORY(lcJob)      // sluice.core.job: lifecycle, questions, result
Q_DECLARE_LOGGING_CATEGORY(lcPlan)     // sluice.core.plan: walking and preflight
Q_DECLARE_LOGGING_CATEGORY(lcPipeline) // sluice.core.pipeline: chunk pool, reader, writer
Q_DECLARE_LOGGING_CATEGORY(lcEngine)   // sluice.core.engine: engine choice and fallbacks
Q_DECLARE_LOGGING_CATEGORY(lcFlush)    // sluice.core.flush: flush-behind and durability
