#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QTemporaryDir>

#include <memory>

/// The real file systems the fs suite copies onto. Every one is created for the test that
/// uses it and removed afterwards: tmpfs with size=, loop-mounted images made by mkfs, and
/// FAT/exFAT through their FUSE drivers (as a desktop without kernel FAT would mount them).
enum class FsKind { Tmpfs, Ext4, Xfs, Btrfs, Vfat, Exfat };

/// "tmpfs", "ext4", "xfs", "btrfs", "vfat (fusefat)", "exfat (exfat-fuse)".
QString fsKindName(FsKind kind);

/// What each kind of file system can hold; tests use it to decide what to expect.
struct FsTraits
{
    bool holes = true;       ///< sparse files stay sparse
    bool hardLinks = true;   ///< link(2)
    bool symlinks = true;    ///< symlink(2)
    bool permissions = true; ///< chmod(2) is kept
    bool xattrs = true;      ///< user.* extended attributes
    bool anyBytes = true;    ///< names are any bytes but '/' and NUL (no forbidden characters)
};
FsTraits fsTraits(FsKind kind);

/// One mounted file system. The constructor-like create() makes the image (a sparse file
/// next to the mount point, under /tmp/sluice-fs-<pid>-XXXXXX), runs mkfs, mounts it; the
/// destructor unmounts (lazily when busy), detaches the loop device and removes the image,
/// also when the test failed half-way. Mounts left behind by a test process that died are
/// removed by the next create(). Needs root; tests QSKIP before calling it when not root.
class TestMount final
{
public:
    /// Mounts a new file system of @p kind, at least @p sizeBytes big (rounded up to what
    /// mkfs accepts: XFS 300 MiB, btrfs 110 MiB). Returns null and sets @p error on failure.
    /// @p mountOptions are added to tmpfs's options or to mount(8)'s -o (not for FUSE).
    static std::unique_ptr<TestMount> create(FsKind kind, qint64 sizeBytes, QString &error,
                                             const QByteArray &mountOptions = {});
    ~TestMount();
    Q_DISABLE_COPY_MOVE(TestMount)

    FsKind kind() const { return m_kind; }
    /// Native path of @p relative on the mounted file system ("" for its root).
    QByteArray path(const QByteArray &relative = {}) const;
    /// statvfs(3) f_bavail × f_frsize.
    qint64 freeBytes() const;
    /// Fills the file system until at most @p bytes (and at least @p bytes minus 1 MiB) are
    /// left free, with a file named @p name. Returns false when it cannot.
    bool leaveFree(qint64 bytes, const QByteArray &name = ".filler");
    /// Unmounts now (the destructor then only removes the image). Returns an error text or "".
    QString unmount();
    /// Unmounts and mounts the same image again (not tmpfs): what a file system kept on its
    /// disk, not in a cache. For FUSE, waits until the old daemon let go of the image.
    /// Returns an error text or "".
    QString remount();

private:
    TestMount(FsKind kind, std::unique_ptr<QTemporaryDir> base);
    QString mount(qint64 sizeBytes, const QByteArray &mountOptions);
    QString attach(const QByteArray &mountOptions);

    FsKind m_kind;
    std::unique_ptr<QTemporaryDir> m_base;
    QByteArray m_mountPoint;
    bool m_mounted = false;
};

/// Runs @p program with @p arguments; returns "" on exit status 0, else a message with its
/// output. For mkfs, mount and the like.
QString runTool(const QString &program, const QStringList &arguments, int timeoutMs = 120000);

/// True when the process may mount (effective uid 0).
bool canMount();

/// In a test slot: mounts a file system into the std::unique_ptr<TestMount> @p variable, or
/// fails the test with the reason.
#define FS_MOUNT(variable, kind, size) FS_MOUNT_WITH(variable, kind, size, QByteArray())

/// FS_MOUNT() with extra mount options (see TestMount::create()).
#define FS_MOUNT_WITH(variable, kind, size, options)                                               \
    std::unique_ptr<TestMount> variable;                                                           \
    do {                                                                                           \
        QString mountError_;                                                                       \
        (variable) = TestMount::create((kind), (size), mountError_, (options));                    \
        QVERIFY2(variable, qPrintable(mountError_));                                               \
    } while (false)

/// In initTestCase(): skips the whole class unless root. CI runs as root, so a skip there
/// would hide the suite; as root nothing is ever skipped.
#define FS_REQUIRE_ROOT()                                                                          \
    do {                                                                                           \
        if (!canMount())                                                                           \
            QSKIP("the fs suite mounts tmpfs, loop images and FUSE file systems and needs "        \
                  "root (CI runs it as root)");                                                    \
    } while (false)

Q_DECLARE_METATYPE(FsKind)
