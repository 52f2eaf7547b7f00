#pragma once

#include "copyoptions.h"
#include "copyprogress.h"
#include "copyquestion.h"
#include "copyresult.h"

#include <QtGlobal>

// Readable QCOMPARE failures for the core's enums (QTest finds these by argument-dependent
// lookup, see QTest::toString()).
namespace Sluice {
inline char *toString(CopyStatus status)
{
    return qstrdup(statusName(status).toUtf8().constData());
}
inline char *toString(CopyPhase phase)
{
    return qstrdup(phaseName(phase).toUtf8().constData());
}
inline char *toString(Engine engine)
{
    return qstrdup(engineName(engine).toUtf8().constData());
}
inline char *toString(FileOperation operation)
{
    return qstrdup(operationName(operation).toUtf8().constData());
}
inline char *toString(const ItemTally &tally)
{
    return qstrdup(QByteArray("{items ") + QByteArray::number(tally.items) + ", bytes "
                   + QByteArray::number(tally.bytes) + "}");
}
inline char *toString(QuestionKind kind)
{
    return qstrdup(QByteArray::number(int(kind)).constData());
}
} // namespace Sluice
