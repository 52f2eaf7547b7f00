#include "sourcescan.h"

#include "logging.h"
#include "posixio.h"
#include "threadpriority.h"
#include "treefilter.h"

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <deque>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace Sluice {

namespace {

constexpr qint64 InterimReportMs = 250;
constexpr int EntriesPerCancelCheck = 64;

// fstatat(2) flags for the walk: symbolic links are followed only when the options say so.
int statFlags(const ScanOptions &options)
{
    return options.followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW;
}

// open(2) flags for a folder of the walk: a link to a folder is entered only when following.
int directoryFlags(const ScanOptions &options)
{
    return DirectoryOpenFlags | (options.followSymlinks ? 0 : O_NOFOLLOW);
}

bool isDotOrDotDot(const char *name)
{
    return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

} // namespace

/// Which requests are cancelled; shared by the handle (GUI thread) and the worker thread.
struct ScanCancellation
{
    std::mutex mutex;
    QSet<quint64> cancelled;
    std::atomic<quint64> cancelledBelow{0}; ///< every id below this is cancelled

    bool isCancelled(quint64 id)
    {
        if (id < cancelledBelow.load(std::memory_order_acquire))
            return true;
        std::lock_guard lock(mutex);
        return cancelled.contains(id);
    }
    void cancel(quint64 id)
    {
        std::lock_guard lock(mutex);
        cancelled.insert(id);
    }
    void forget(quint64 id)
    {
        std::lock_guard lock(mutex);
        cancelled.remove(id);
    }
};

/// What the handle (owner's thread) and the worker hand each other: requests one way,
/// reports the other, each under the mutex.
struct ScanExchange
{
    struct Request
    {
        quint64 id = 0;
        QByteArray path;
        ScanOptions options;
    };
    std::mutex mutex;
    std::deque<Request> requests;
    bool draining = false; ///< the worker has been woken and has not run dry yet
    QList<SourceSummary> reports;
    bool deliveryPosted = false; ///< a deliverBatch() is on its way to the owner's thread
};

/// Lives on the "sluice-scan" thread and walks one request at a time.
class SourceScanWorker final : public QObject
{
public:
    SourceScanWorker(std::shared_ptr<ScanCancellation> cancellation,
                     std::shared_ptr<ScanExchange> exchange, SourceScanner *handle)
        : m_cancellation(std::move(cancellation))
        , m_exchange(std::move(exchange))
        , m_handle(handle)
    {
        m_sinceDelivery.start();
    }

    /// Walks the queued requests until there are none, then hands over the last reports.
    void drain();

private:
    void walk(quint64 id, const QByteArray &path, const ScanOptions &options);
    /// Posts one deliverBatch() to the handle unless one is already on its way.
    void postDelivery();

    struct Frame
    {
        DIR *directory = nullptr;
        dev_t dev = 0;
        ino_t ino = 0;
        bool leftOut = false;          ///< the filter leaves out this folder and all it holds
        bool inFilter = false;         ///< entered in m_filter (left when it is closed)
        bool somethingLeftOut = false; ///< an entry below was left out
        bool somethingKept = false;    ///< an entry below is copied
    };

    bool forgetIfCancelled(quint64 id, bool cancelled = false);
    bool statRoot(SourceSummary &summary, const ScanOptions &options, struct stat &st);
    bool walkTree(SourceSummary &summary, const ScanOptions &options, const struct stat &root);
    void visitNext(std::vector<Frame> &stack, SourceSummary &summary, const ScanOptions &options);
    void visitEntry(std::vector<Frame> &stack, int parentFd, const char *name,
                    SourceSummary &summary, const ScanOptions &options);
    static bool isAncestor(const std::vector<Frame> &stack, const struct stat &st);
    void count(SourceSummary &summary, const struct stat &st);
    void countLeftOut(SourceSummary &summary, const struct stat &st);
    static void closeFolder(std::vector<Frame> &stack, SourceSummary &summary,
                            const ScanOptions &options);
    bool enter(std::vector<Frame> &stack, int fd, const struct stat &st, const char *name = nullptr,
               bool leftOut = false);
    void report(const SourceSummary &summary);

    std::shared_ptr<ScanCancellation> m_cancellation;
    std::shared_ptr<ScanExchange> m_exchange;
    SourceScanner *m_handle;
    QElapsedTimer m_sinceDelivery;
    QSet<QPair<quint64, quint64>> m_seenLinks;
    bool m_countLinksOnce = false;
    std::optional<TreeFilter> m_filter; ///< the request's ScanOptions::filter
};

void SourceScanWorker::drain()
{
    for (;;) {
        ScanExchange::Request request;
        {
            std::lock_guard lock(m_exchange->mutex);
            if (m_exchange->requests.empty()) {
                m_exchange->draining = false;
                break;
            }
            request = std::move(m_exchange->requests.front());
            m_exchange->requests.pop_front();
        }
        walk(request.id, request.path, request.options);
    }
    postDelivery(); // nothing left to walk: what was found goes now
}

void SourceScanWorker::report(const SourceSummary &summary)
{
    {
        std::lock_guard lock(m_exchange->mutex);
        m_exchange->reports.append(summary);
    }
    if (m_sinceDelivery.elapsed() >= SourceScanner::ReportBatchMs)
        postDelivery();
}

void SourceScanWorker::postDelivery()
{
    {
        std::lock_guard lock(m_exchange->mutex);
        if (m_exchange->reports.isEmpty() || m_exchange->deliveryPosted)
            return;
        m_exchange->deliveryPosted = true;
    }
    m_sinceDelivery.restart();
    QMetaObject::invokeMethod(m_handle, &SourceScanner::deliverBatch, Qt::QueuedConnection);
}

void SourceScanWorker::count(SourceSummary &summary, const struct stat &st)
{
    switch (itemKindFromMode(st.st_mode)) {
    case ItemKind::Directory:
        ++summary.folders;
        return;
    case ItemKind::File:
        ++summary.files;
        if (m_countLinksOnce && st.st_nlink > 1) {
            const QPair<quint64, quint64> key(st.st_dev, st.st_ino);
            if (m_seenLinks.contains(key))
                return;
            m_seenLinks.insert(key);
        }
        summary.bytes += qint64(st.st_size);
        return;
    default:
        ++summary.others;
        return;
    }
}

void SourceScanWorker::countLeftOut(SourceSummary &summary, const struct stat &st)
{
    ++summary.itemsLeftOut;
    if (S_ISREG(st.st_mode))
        summary.bytesLeftOut += qint64(st.st_size);
}

// Opens a folder of the walk; one the filter keeps is entered in m_filter too.
bool SourceScanWorker::enter(std::vector<Frame> &stack, int fd, const struct stat &st,
                             const char *name, bool leftOut)
{
    DIR *directory = ::fdopendir(fd);
    if (!directory) {
        ::close(fd);
        return false;
    }
    const bool isRoot = stack.empty();
    Frame frame{directory, st.st_dev, st.st_ino, leftOut, false};
    if (m_filter->isActive() && !leftOut) {
        if (isRoot)
            m_filter->beginRoot(fd);
        else
            m_filter->enterFolder(QByteArray(name), fd);
        frame.inFilter = !isRoot;
    }
    stack.push_back(frame);
    return true;
}

bool SourceScanWorker::isAncestor(const std::vector<Frame> &stack, const struct stat &st)
{
    return std::any_of(stack.begin(), stack.end(), [&st](const Frame &ancestor) {
        return ancestor.dev == st.st_dev && ancestor.ino == st.st_ino;
    });
}

// Drops request @p id when it is cancelled (or @p cancelled says the walk saw it so):
// forgets it and returns true; the caller then reports nothing more.
bool SourceScanWorker::forgetIfCancelled(quint64 id, bool cancelled)
{
    if (!cancelled && !m_cancellation->isCancelled(id))
        return false;
    m_cancellation->forget(id);
    return true;
}

// Stats and counts the source itself; false (with errorCode set) when it cannot be stat'ed.
bool SourceScanWorker::statRoot(SourceSummary &summary, const ScanOptions &options, struct stat &st)
{
    const int flags = statFlags(options);
    if (retryOnEintr([&] { return ::fstatat(AT_FDCWD, summary.path.constData(), &st, flags); })
        != 0) {
        summary.errorCode = errno;
        return false;
    }
    summary.exists = true;
    summary.kind = itemKindFromMode(st.st_mode);
    count(summary, st);
    return true;
}

// Counts everything below the source folder @p root, sending an interim report about every
// InterimReportMs. Returns false when the request was cancelled on the way.
bool SourceScanWorker::walkTree(SourceSummary &summary, const ScanOptions &options,
                                const struct stat &root)
{
    std::vector<Frame> stack;
    const int rootFd = ::open(summary.path.constData(), directoryFlags(options));
    if (rootFd < 0 || !enter(stack, rootFd, root))
        ++summary.unreadable;

    QElapsedTimer sinceReport;
    sinceReport.start();
    int untilCheck = EntriesPerCancelCheck;
    bool cancelled = false;
    while (!stack.empty()) {
        if (--untilCheck == 0) {
            untilCheck = EntriesPerCancelCheck;
            if (m_cancellation->isCancelled(summary.id)) {
                cancelled = true;
                break;
            }
            if (sinceReport.elapsed() >= InterimReportMs) {
                report(summary);
                sinceReport.restart();
            }
        }
        visitNext(stack, summary, options);
    }
    for (const Frame &frame : stack)
        ::closedir(frame.directory);
    return !cancelled;
}

// Pops the innermost folder, which the walk has finished. Like the planner, a folder kept by
// the filter whose entries were all left out (or emptied so) is left out too unless
// CopyFilter::keepEmptyFolders: the copy would not create it (rsync --prune-empty-dirs).
void SourceScanWorker::closeFolder(std::vector<Frame> &stack, SourceSummary &summary,
                                   const ScanOptions &options)
{
    const Frame frame = stack.back();
    stack.pop_back();
    if (stack.empty() || frame.leftOut)
        return; // a root stays; a folder left out was counted when it was met
    Frame &parent = stack.back();
    parent.somethingLeftOut = parent.somethingLeftOut || frame.somethingLeftOut;
    if (frame.somethingLeftOut && !frame.somethingKept && !options.filter.keepEmptyFolders)
        ++summary.itemsLeftOut;
    else
        parent.somethingKept = true;
}

// Reads the next entry of the innermost open folder and visits it; at the folder's end
// closes it (a readdir(3) error counts the folder as unreadable).
void SourceScanWorker::visitNext(std::vector<Frame> &stack, SourceSummary &summary,
                                 const ScanOptions &options)
{
    Frame &frame = stack.back();
    errno = 0;
    const dirent *entry = ::readdir(frame.directory);
    if (!entry) {
        if (errno != 0)
            ++summary.unreadable;
        ::closedir(frame.directory);
        if (frame.inFilter)
            m_filter->leaveFolder();
        closeFolder(stack, summary, options);
        return;
    }
    if (!isDotOrDotDot(entry->d_name))
        visitEntry(stack, ::dirfd(frame.directory), entry->d_name, summary, options);
}

// Counts the entry @p name of the folder @p parentFd and, if it is a folder, enters it.
void SourceScanWorker::visitEntry(std::vector<Frame> &stack, int parentFd, const char *name,
                                  SourceSummary &summary, const ScanOptions &options)
{
    struct stat child
    {};
    if (::fstatat(parentFd, name, &child, statFlags(options)) != 0) {
        // Following: a dangling link is copied as a link; count it as one.
        if (options.followSymlinks && ::fstatat(parentFd, name, &child, AT_SYMLINK_NOFOLLOW) == 0)
            count(summary, child);
        else
            ++summary.unreadable;
        return;
    }
    if (S_ISDIR(child.st_mode) && options.followSymlinks && isAncestor(stack, child))
        return; // the planner leaves loops out (and reports them)
    const bool leftOut = stack.back().leftOut
                         || (m_filter->isActive() && m_filter->leavesOut(QByteArray(name), child));
    if (leftOut)
        countLeftOut(summary, child);
    count(summary, child);
    Frame &parent = stack.back();
    if (leftOut)
        parent.somethingLeftOut = true;
    else if (!S_ISDIR(child.st_mode))
        parent.somethingKept = true; // a folder tells when it is closed (closeFolder())
    if (!S_ISDIR(child.st_mode))
        return;
    const int childFd = ::openat(parentFd, name, directoryFlags(options));
    if (childFd < 0 || !enter(stack, childFd, child, name, leftOut)) {
        ++summary.unreadable;
        stack.back().somethingKept = stack.back().somethingKept || !leftOut;
    }
}

void SourceScanWorker::walk(quint64 id, const QByteArray &path, const ScanOptions &options)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (forgetIfCancelled(id))
        return;
    SourceSummary summary;
    summary.id = id;
    summary.path = path;
    m_seenLinks.clear();
    m_countLinksOnce = options.countHardLinksOnce;
    m_filter.emplace(options.filter);

    struct stat st
    {};
    const bool descend =
        statRoot(summary, options, st) && !options.rootOnly && summary.kind == ItemKind::Directory;
    if (summary.exists && m_filter->leavesOutRoot(st))
        countLeftOut(summary, st);
    if (descend) {
        const bool walked = walkTree(summary, options, st);
        if (forgetIfCancelled(id, !walked))
            return;
    }
    summary.complete = true;
    report(summary);
}

SourceScanner::SourceScanner(QObject *parent)
    : QObject(parent)
    , m_cancellation(std::make_shared<ScanCancellation>())
    , m_exchange(std::make_shared<ScanExchange>())
{
    qRegisterMetaType<Sluice::SourceSummary>();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("sluice-scan"));
    m_worker = new SourceScanWorker(m_cancellation, m_exchange, this);
    m_worker->moveToThread(m_thread);
    // A drop of thousands of files is measured below the window's priority (started() is
    // emitted in the new thread).
    connect(
        m_thread, &QThread::started, m_thread, [] { lowerCurrentThreadPriority(); },
        Qt::DirectConnection);
    m_thread->start();
}

SourceScanner::~SourceScanner()
{
    cancelAll();
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

quint64 SourceScanner::scan(const QByteArray &path, const ScanOptions &options)
{
    const quint64 id = m_nextId++;
    m_pending.insert(id);
    bool wake = false;
    {
        std::lock_guard lock(m_exchange->mutex);
        m_exchange->requests.push_back({id, path, options});
        wake = !std::exchange(m_exchange->draining, true);
    }
    // One event per idle period, not one per request: a drop of 20,000 paths posts one.
    if (wake)
        QMetaObject::invokeMethod(
            m_worker, [worker = m_worker] { worker->drain(); }, Qt::QueuedConnection);
    qCDebug(lcPlan) << "scan" << id << path;
    return id;
}

void SourceScanner::cancel(quint64 id)
{
    if (m_pending.remove(id))
        m_cancellation->cancel(id);
}

void SourceScanner::cancelAll()
{
    m_cancellation->cancelledBelow.store(m_nextId, std::memory_order_release);
    m_pending.clear();
}

void SourceScanner::deliverBatch()
{
    QList<SourceSummary> batch;
    {
        std::lock_guard lock(m_exchange->mutex);
        batch.swap(m_exchange->reports);
        m_exchange->deliveryPosted = false;
    }
    QList<SourceSummary> delivered;
    delivered.reserve(batch.size());
    for (const SourceSummary &summary : std::as_const(batch)) {
        // Reports of requests cancelled after the worker collected them are dropped here, on
        // the owner's thread (also by a receiver of an earlier report of this batch), so
        // that cancel() is final from the caller's point of view.
        if (!m_pending.contains(summary.id)) {
            m_cancellation->forget(summary.id);
            continue;
        }
        if (summary.complete)
            m_pending.remove(summary.id);
        delivered.append(summary);
        Q_EMIT scanned(summary);
    }
    if (!delivered.isEmpty())
        Q_EMIT scannedBatch(delivered);
}

} // namespace Sluice
