#pragma once

#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <memory>

namespace Sluice::Ui {

/// Runs @p work on @p pool (Qt's global pool unless given) and @p done with its result on
/// @p context's thread, unless @p context is gone by then (QFuture::then with a context
/// object). @p work must not touch @p context: it runs on another thread.
template<typename Result, typename Work, typename Done>
void offThread(QObject *context, Work work, Done done,
               QThreadPool *pool = QThreadPool::globalInstance())
{
    auto promise = std::make_shared<QPromise<Result>>();
    promise->future().then(context, std::move(done));
    pool->start([promise, work = std::move(work)] {
        promise->start();
        promise->addResult(work());
        promise->finish();
    });
}

} // namespace Sluice::Ui
