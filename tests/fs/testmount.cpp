#include "testmount.h"

#include "testtree.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace {

constexpr char BasePrefix[] = "sluice-fs-";
constexpr qint64 MiB = qint64(1024) * 1024;

qint64 minimumSize(FsKind kind)
{
    switch (kind) {
    case FsKind::Xfs:
        return 300 * MiB;
    case FsKind::Btrfs:
        return 110 * MiB;
    default:
        return 4 * MiB;
    }
}

// Mount points under /tmp/sluice-fs-<pid>-XXXXXX/mnt of test processes that no longer run:
// a test that crashed cannot have cleaned up; the next one does.
void removeAbandonedMounts()
{
    QFile mountInfo(QStringLiteral("/proc/self/mountinfo"));
    if (!mountInfo.open(QIODevice::ReadOnly))
        return;
    const QByteArray prefix = QFile::encodeName(QDir::tempPath()) + '/' + BasePrefix;
    const QList<QByteArray> lines = mountInfo.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 5 || !fields[4].startsWith(prefix))
            continue;
        const QByteArray &mountPoint = fields[4];
        const QByteArray rest = mountPoint.mid(prefix.size());
        bool ok = false;
        const pid_t owner = rest.left(rest.indexOf('-')).toInt(&ok);
        if (!ok || owner == ::getpid() || ::kill(owner, 0) == 0 || errno != ESRCH)
            continue;
        qWarning("removing the abandoned test mount %s", mountPoint.constData());
        ::umount2(mountPoint.constData(), MNT_DETACH);
        TestTree::removeTree(mountPoint.left(mountPoint.lastIndexOf('/')));
    }
}

// Whether a process other than this one has @p image on its command line (a FUSE daemon).
bool imageInUse(const QByteArray &image)
{
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &pid : pids) {
        bool numeric = false;
        if (pid.toInt(&numeric) == ::getpid() || !numeric)
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().split('\0').contains(image))
            return true;
    }
    return false;
}

} // namespace

QString fsKindName(FsKind kind)
{
    switch (kind) {
    case FsKind::Tmpfs:
        return QStringLiteral("tmpfs");
    case FsKind::Ext4:
        return QStringLiteral("ext4");
    case FsKind::Xfs:
        return QStringLiteral("xfs");
    case FsKind::Btrfs:
        return QStringLiteral("btrfs");
    case FsKind::Vfat:
        return QStringLiteral("vfat (fusefat)");
    case FsKind::Exfat:
        return QStringLiteral("exfat (exfat-fuse)");
    }
    return {};
}

FsTraits fsTraits(FsKind kind)
{
    FsTraits traits;
    if (kind == FsKind::Vfat || kind == FsKind::Exfat) {
        traits.holes = false;
        traits.hardLinks = false;
        traits.symlinks = false;
        traits.permissions = false;
        traits.xattrs = false;
        traits.anyBytes = false;
    }
    return traits;
}

bool canMount()
{
    return ::geteuid() == 0;
}

QString runTool(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(program, arguments);
    if (!process.waitForStarted())
        return QStringLiteral("cannot run %1: %2 (install the test packages: "
                              "scripts/install-deps.sh test)")
            .arg(program, process.errorString());
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 did not finish within %2 ms").arg(program).arg(timeoutMs);
    }
    if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return {};
    return QStringLiteral("%1 %2 failed (exit %3): %4")
        .arg(program, arguments.join(u' '))
        .arg(process.exitCode())
        .arg(QString::fromLocal8Bit(process.readAll()).trimmed());
}

std::unique_ptr<TestMount> TestMount::create(FsKind kind, qint64 sizeBytes, QString &error,
                                             const QByteArray &mountOptions)
{
    if (!canMount()) {
        error = QStringLiteral("mounting needs root");
        return nullptr;
    }
    removeAbandonedMounts();
    auto base = std::make_unique<QTemporaryDir>(
        QDir(QDir::tempPath())
            .filePath(
                QStringLiteral("%1%2-XXXXXX").arg(QLatin1String(BasePrefix)).arg(::getpid())));
    if (!base->isValid()) {
        error = QStringLiteral("cannot create a folder for the mount: %1").arg(base->errorString());
        return nullptr;
    }
    base->setAutoRemove(false); // removed by ~TestMount only once unmounted
    // Unprivileged children (tests/fs/tst_unreadable.cpp) must reach the mount point.
    ::chmod(QFile::encodeName(base->path()).constData(), 0755);
    std::unique_ptr<TestMount> mount(new TestMount(kind, std::move(base)));
    error = mount->mount(std::max(sizeBytes, minimumSize(kind)), mountOptions);
    if (!error.isEmpty()) {
        error = QStringLiteral("cannot mount %1: %2").arg(fsKindName(kind), error);
        return nullptr;
    }
    return mount;
}

TestMount::TestMount(FsKind kind, std::unique_ptr<QTemporaryDir> base)
    : m_kind(kind)
    , m_base(std::move(base))
{
    m_mountPoint = QFile::encodeName(m_base->path()) + "/mnt";
}

TestMount::~TestMount()
{
    const QString error = unmount();
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    else
        TestTree::removeTree(QFile::encodeName(m_base->path()));
}

QString TestMount::mount(qint64 sizeBytes, const QByteArray &mountOptions)
{
    if (::mkdir(m_mountPoint.constData(), 0755) != 0)
        return QString::fromLocal8Bit(std::strerror(errno));
    const QString image = m_base->filePath(QStringLiteral("image"));
    if (m_kind == FsKind::Tmpfs) {
        QByteArray options = "size=" + QByteArray::number(sizeBytes) + ",mode=0755";
        if (!mountOptions.isEmpty())
            options += ',' + mountOptions;
        if (::mount("sluice-test", m_mountPoint.constData(), "tmpfs", 0, options.constData()) != 0)
            return QStringLiteral("mount -t tmpfs: %1")
                .arg(QString::fromLocal8Bit(std::strerror(errno)));
        m_mounted = true;
        return {};
    }

    {
        QFile file(image);
        if (!file.open(QIODevice::WriteOnly) || !file.resize(sizeBytes))
            return QStringLiteral("cannot create the image: %1").arg(file.errorString());
    }
    QString error;
    switch (m_kind) {
    case FsKind::Ext4:
        // No reserved blocks and no lazy init: free space is what the tests compute with.
        // 4 KiB blocks as on real disks (mkfs picks 1 KiB for small images, which limits
        // extended attributes to 1 KiB per file).
        error =
            runTool(QStringLiteral("mkfs.ext4"),
                    {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-b"),
                     QStringLiteral("4096"), QStringLiteral("-m"), QStringLiteral("0"),
                     QStringLiteral("-E"),
                     QStringLiteral("lazy_itable_init=0,lazy_journal_init=0,nodiscard"), image});
        break;
    case FsKind::Xfs:
        error = runTool(QStringLiteral("mkfs.xfs"),
                        {QStringLiteral("-q"), QStringLiteral("-f"), QStringLiteral("-K"),
                         QStringLiteral("-m"), QStringLiteral("reflink=1"), image});
        break;
    case FsKind::Btrfs:
        error = runTool(QStringLiteral("mkfs.btrfs"),
                        {QStringLiteral("-q"), QStringLiteral("-f"), image});
        break;
    case FsKind::Vfat:
        // The FAT type mkfs.vfat picks for the size (FAT16 for small images): fusefat
        // reports no free space at all for FAT32 (statfs gives 0 blocks).
        error = runTool(QStringLiteral("mkfs.vfat"), {image});
        break;
    case FsKind::Exfat:
        error = runTool(QStringLiteral("mkfs.exfat"), {image});
        break;
    case FsKind::Tmpfs:
        break;
    }
    if (!error.isEmpty())
        return error;
    return attach(mountOptions);
}

QString TestMount::attach(const QByteArray &mountOptions)
{
    const QString mountPoint = QFile::decodeName(m_mountPoint);
    const QString image = m_base->filePath(QStringLiteral("image"));
    QString error;
    switch (m_kind) {
    case FsKind::Vfat:
        // fusefat takes the image itself and daemonizes; "rw+" is its read-write mode.
        error = runTool(QStringLiteral("fusefat"),
                        {QStringLiteral("-o"), QStringLiteral("rw+"), image, mountPoint});
        break;
    case FsKind::Exfat:
        // mount(8) sets up an auto-clearing loop device and runs mount.exfat-fuse on it.
        error = runTool(QStringLiteral("mount"),
                        {QStringLiteral("-t"), QStringLiteral("exfat-fuse"), QStringLiteral("-o"),
                         QStringLiteral("loop"), image, mountPoint});
        break;
    default:
        error = runTool(
            QStringLiteral("mount"),
            {QStringLiteral("-o"),
             QStringLiteral("loop")
                 + (mountOptions.isEmpty() ? QString() : u',' + QString::fromLatin1(mountOptions)),
             image, mountPoint});
        break;
    }
    if (!error.isEmpty())
        return error;
    m_mounted = true;
    return {};
}

QByteArray TestMount::path(const QByteArray &relative) const
{
    return relative.isEmpty() ? m_mountPoint : m_mountPoint + '/' + relative;
}

qint64 TestMount::freeBytes() const
{
    struct statvfs space = {};
    if (::statvfs(m_mountPoint.constData(), &space) != 0)
        return -1;
    return qint64(space.f_bavail) * qint64(space.f_frsize);
}

bool TestMount::leaveFree(qint64 bytes, const QByteArray &name)
{
    const QByteArray filler = path(name);
    const int fd = ::open(filler.constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    // Half of what is left at a time with fallocate(2) where the file system has it (file
    // systems reserve metadata as they go, so never all of it at once), then small writes.
    for (int step = 0; step < 32; ++step) {
        const qint64 excess = freeBytes() - bytes;
        struct stat st = {};
        if (excess < 16 * MiB || ::fstat(fd, &st) != 0
            || ::fallocate(fd, 0, st.st_size, excess / 2 / 4096 * 4096) != 0)
            break;
        ::syncfs(fd);
    }
    // Then at most 1 MiB at a time: fallocate(2) again (appending writes would make XFS
    // preallocate beyond the end and overshoot), write(2) where it is not supported.
    const QByteArray zeros(int(MiB), '\0');
    bool ok = true;
    bool allocate = true;
    for (qint64 excess = freeBytes() - bytes; ok && excess > 0; excess = freeBytes() - bytes) {
        const qint64 step = std::min<qint64>(MiB, (excess + 4095) / 4096 * 4096);
        struct stat st = {};
        if (allocate && (::fstat(fd, &st) != 0 || ::fallocate(fd, 0, st.st_size, step) != 0))
            allocate = false;
        if (!allocate)
            ok = ::write(fd, zeros.constData(), size_t(step)) == step;
        ok = ok && ::syncfs(fd) == 0;
    }
    ok = ::close(fd) == 0 && ok;
    ::sync();
    const qint64 left = freeBytes();
    return ok && left <= bytes && left >= bytes - MiB;
}

QString TestMount::remount()
{
    if (m_kind == FsKind::Tmpfs)
        return QStringLiteral("a tmpfs does not survive unmounting");
    if (QString error = unmount(); !error.isEmpty())
        return error;
    // umount(2) of a FUSE file system returns before its daemon has let go of the image
    // (fusefat): wait until no process holds it, or the new mount could read it half-written.
    const QByteArray image = QFile::encodeName(m_base->filePath(QStringLiteral("image")));
    const QDeadlineTimer deadline(20000);
    while (imageInUse(image)) {
        if (deadline.hasExpired())
            return QStringLiteral("the FUSE daemon of %1 did not exit").arg(fsKindName(m_kind));
        QThread::yieldCurrentThread();
    }
    return attach({});
}

QString TestMount::unmount()
{
    if (!m_mounted)
        return {};
    ::sync();
    if (::umount2(m_mountPoint.constData(), 0) != 0) {
        const int error = errno;
        if (error != EBUSY || ::umount2(m_mountPoint.constData(), MNT_DETACH) != 0)
            return QStringLiteral("cannot unmount %1: %2")
                .arg(QFile::decodeName(m_mountPoint), QString::fromLocal8Bit(std::strerror(error)));
        qWarning("%s was busy: detached lazily", m_mountPoint.constData());
    }
    m_mounted = false;
    return {};
}
