#pragma once

#include <QByteArray>
#include <QString>

namespace Sluice {

/// What a destination file system can store, as far as a copier must know before writing.
/// Detected from statfs(2)'s f_type; for FUSE mounts from /proc/self/mountinfo's type
/// ("fuse.fusefat") and, for "fuseblk", from the boot-sector signature of the block device
/// (exFAT "EXFAT   " at byte 3, NTFS "NTFS    " at byte 3, FAT "FAT" at byte 54 or 82).
struct FileSystemLimits
{
    QString typeName = QStringLiteral("unknown"); ///< "ext4", "vfat", "fuse.fusefat", "exfat"...
    qint64 maxFileSize = -1;        ///< bytes; -1 when no limit matters (FAT: 4 GiB − 1)
    int maxNameBytes = 255;         ///< NAME_MAX in bytes
    int maxNameUtf16Units = -1;     ///< FAT/exFAT long names: 255 UTF-16 code units; -1 = none
    QByteArray forbiddenCharacters; ///< bytes a name may not contain besides '/' and NUL
    bool forbidsControlCharacters = false; ///< bytes 0x01..0x1F
    bool forbidsTrailingDotOrSpace = false;
    /// Names are stored as Unicode (UTF-16 on FAT, exFAT and SMB), so a name must be valid
    /// UTF-8 to be translated: fusefat answers EPERM, exfat-fuse EILSEQ, smbnetfs EIO (and
    /// then fails everything on that server for seconds).
    bool requiresUtf8Names = false;
    bool caseInsensitive = false;
    qint64 timestampGranularityNs = 1;
    bool storesSymlinks = true;
    bool storesSpecialFiles = true; ///< FIFOs, device nodes, sockets
    bool storesSparseFiles = true;  ///< holes stay holes (FAT and exFAT allocate them)
    /// listxattr(2) of a file there answers without harm. False for smbnetfs: its helper
    /// process for the server exits on that request (EIO), and every request to that server
    /// fails with EIO until smbnetfs has connected again, seconds later (seen with smbnetfs
    /// 0.6.3 and Samba 4.17, tests/fs/tst_smbnetfs.cpp), so its files' extended attributes
    /// and ACLs are never read.
    bool listsExtendedAttributes = true;
    /// A lookup there of a name it cannot store (nameProblem()) harms the mount: smbnetfs
    /// answers EIO and then fails every request to that server for seconds. So such a name,
    /// even one listed in a source folder there, is never looked up (Planner).
    bool lookupsOfUnstorableNamesBreak = false;
    /// Levels below the mount's root whose names are not file names there: smbnetfs shows
    /// servers (or workgroups) and then their shares ("127.0.0.1:445/share"), named by
    /// smbnetfs, not by SMB's file-name rules. 2 for smbnetfs, else 0.
    int serverLevels = 0;
    bool isFat() const { return maxNameUtf16Units > 0; }

    /// Why @p name (native bytes, one entry name) cannot be stored here, as a translated
    /// sentence, or an empty string when it can: not valid UTF-8 where names are Unicode, too
    /// long (NAME_MAX bytes, or 255 UTF-16
    /// units on FAT/exFAT), a forbidden or control character, a trailing dot or space
    /// (Microsoft's "Naming Files, Paths, and Namespaces" rules for FAT). Pure; any thread.
    QString nameProblem(const QByteArray &name) const;
};

/// The limits of the file system holding the open folder @p directoryFd (fstatfs(2),
/// /proc/self/mountinfo, and for fuseblk the device's boot sector). Only reads; any thread.
/// When the folder cannot be examined, the defaults (typeName "unknown", no limits).
FileSystemLimits detectFileSystemLimits(int directoryFd);

/// The name of the pseudo file system whose statfs(2) f_type is @p fsType ("proc", "sysfs",
/// "debugfs", "tracefs", "securityfs", "cgroup" for cgroup v1 and v2, "bpf", "efivarfs"), or
/// nullptr when it is not one. On these st_size is not the size of what read(2) returns
/// (/proc files report 0 bytes, sysfs 4096), so sizes are unknown until the content is read
/// and a changed size is no sign of a changed file. The magic numbers are statfs(2)'s list
/// (<linux/magic.h>). Pure; any thread.
const char *pseudoFileSystemName(long fsType);

/// Limits for a file-system type name as /proc/self/mountinfo spells it ("vfat",
/// "fuse.fusefat", "exfat"...); the defaults (POSIX, ext4-like) for names it does not know.
FileSystemLimits limitsForType(const QString &typeName);

} // namespace Sluice
