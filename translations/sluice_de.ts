<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>CopyPhase</name>
    <message>
        <source>Waiting to start</source>
        <translation>Wartet auf den Start</translation>
    </message>
    <message>
        <source>Listing what to copy</source>
        <translation>Zu kopierende Elemente werden ermittelt</translation>
    </message>
    <message>
        <source>Checking before copying</source>
        <translation>Prüfung vor dem Kopieren</translation>
    </message>
    <message>
        <source>Waiting for the disk</source>
        <translation>Warten auf die Platte</translation>
    </message>
    <message>
        <source>Copying</source>
        <translation>Wird kopiert</translation>
    </message>
    <message>
        <source>Verifying the copy</source>
        <translation>Kopie wird überprüft</translation>
    </message>
    <message>
        <source>Flushing to disk</source>
        <translation>Wird auf den Datenträger geschrieben</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Abgeschlossen</translation>
    </message>
</context>
<context>
    <name>Desktop</name>
    <message>
        <source>Copying to %1</source>
        <translation>Kopiere nach %1</translation>
    </message>
    <message>
        <source>Copying 1 file to %1</source>
        <translation>Kopiere 1 Datei nach %1</translation>
    </message>
    <message>
        <source>Copying %1 files to %2</source>
        <translation>Kopiere %1 Dateien nach %2</translation>
    </message>
    <message>
        <source>Pausing the copy to %1 before sleeping</source>
        <translation>Kopie nach %1 wird vor dem Ruhezustand angehalten</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Failed items: %1</source>
        <translation>Fehlgeschlagene Elemente: %1</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Warten auf Ihre Antwort</translation>
    </message>
</context>
<context>
    <name>DriveEjector</name>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>Auswerfen</translation>
    </message>
</context>
<context>
    <name>Sluice::CopyIssue</name>
    <message numerus="yes">
        <source>Warning: %1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>Warnung: %1: „%2“ und %n weiteres Element – %3</numerusform>
            <numerusform>Warnung: %1: „%2“ und %n weitere Elemente – %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>%1: „%2“ und %n weiteres Element – %3</numerusform>
            <numerusform>%1: „%2“ und %n weitere Elemente – %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1 “%2”: %3</source>
        <translation>Warnung: %1: „%2“ – %3</translation>
    </message>
    <message>
        <source>%1 “%2”: %3</source>
        <translation>%1: „%2“ – %3</translation>
    </message>
    <message>
        <source>Cannot copy</source>
        <translation>Kopieren nicht möglich</translation>
    </message>
    <message>
        <source>Cannot inspect</source>
        <translation>Eigenschaften nicht lesbar</translation>
    </message>
    <message>
        <source>Cannot list folder</source>
        <translation>Ordnerinhalt nicht lesbar</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>Öffnen nicht möglich</translation>
    </message>
    <message>
        <source>Cannot read</source>
        <translation>Lesen nicht möglich</translation>
    </message>
    <message>
        <source>Cannot create</source>
        <translation>Erstellen nicht möglich</translation>
    </message>
    <message>
        <source>Cannot write</source>
        <translation>Schreiben nicht möglich</translation>
    </message>
    <message>
        <source>Cannot flush to disk</source>
        <translation>Schreiben auf den Datenträger nicht möglich</translation>
    </message>
    <message>
        <source>Cannot rename into place</source>
        <translation>Umbenennen in den endgültigen Namen nicht möglich</translation>
    </message>
    <message>
        <source>Cannot remove</source>
        <translation>Entfernen nicht möglich</translation>
    </message>
    <message>
        <source>Cannot set permissions of</source>
        <translation>Setzen der Zugriffsrechte nicht möglich</translation>
    </message>
    <message>
        <source>Cannot set owner of</source>
        <translation>Setzen des Eigentümers nicht möglich</translation>
    </message>
    <message>
        <source>Cannot set times of</source>
        <translation>Setzen der Zeitstempel nicht möglich</translation>
    </message>
    <message>
        <source>Cannot copy extended attributes of</source>
        <translation>Kopieren der erweiterten Attribute nicht möglich</translation>
    </message>
    <message>
        <source>Cannot create hard link</source>
        <translation>Erstellen der harten Verknüpfung nicht möglich</translation>
    </message>
    <message>
        <source>Verification failed for</source>
        <translation>Überprüfung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Check before copying</source>
        <translation>Prüfung vor dem Kopieren</translation>
    </message>
    <message>
        <source>Cleaned up</source>
        <translation>Bereinigt</translation>
    </message>
    <message>
        <source>Cannot process</source>
        <translation>Verarbeiten nicht möglich</translation>
    </message>
    <message>
        <source>Warning: “%1” changed while it was read; %2</source>
        <translation>Warnung: „%1“ hat sich beim Lesen geändert; %2</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Erneut gelesen</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Fortgesetzt</translation>
    </message>
    <message>
        <source>Cannot copy the access control list (ACL) of</source>
        <translation>Kopieren der Zugriffssteuerungsliste (ACL) nicht möglich</translation>
    </message>
    <message>
        <source>Cannot write the journal</source>
        <translation>Schreiben des Journals nicht möglich</translation>
    </message>
</context>
<context>
    <name>Sluice::CopySummary</name>
    <message>
        <source>skipped by you</source>
        <translation>von Ihnen übersprungen</translation>
    </message>
    <message>
        <source>exists, skipped by policy</source>
        <translation>existiert, laut Regel übersprungen</translation>
    </message>
</context>
<context>
    <name>Sluice::Decisions</name>
    <message>
        <source>source and destination “%1” are the same file</source>
        <translation>Quelle und Ziel „%1“ sind dieselbe Datei</translation>
    </message>
    <message>
        <source>a folder with this name exists; it is never replaced by a file</source>
        <translation>ein Ordner mit diesem Namen existiert bereits; er wird nie durch eine Datei ersetzt</translation>
    </message>
    <message>
        <source>a file with this name exists; it is never replaced by a folder</source>
        <translation>eine Datei mit diesem Namen existiert bereits; sie wird nie durch einen Ordner ersetzt</translation>
    </message>
</context>
<context>
    <name>Sluice::Desktop::DriveEjector</name>
    <message>
        <source>UDisks2 is not available (%1).</source>
        <translation>UDisks2 ist nicht verfügbar (%1).</translation>
    </message>
    <message>
        <source>The destination is not on a drive that can be ejected.</source>
        <translation>Das Ziel liegt nicht auf einem Laufwerk, das ausgeworfen werden kann.</translation>
    </message>
    <message>
        <source>Nothing was unmounted: “%1” is in use by %2.</source>
        <translation>Nichts wurde ausgehängt: „%1“ wird von %2 benutzt.</translation>
    </message>
    <message>
        <source>%1 of “%2” failed: %3</source>
        <extracomment>%1 is Unmount, Lock, PowerOff, Eject or Delete (the UDisks2 method), %2 what it acts on</extracomment>
        <translation>%1 von „%2“ fehlgeschlagen: %3</translation>
    </message>
</context>
<context>
    <name>Sluice::DeviceTurn</name>
    <message>
        <source>cannot wait for other copies to %1 (%2); copying at once</source>
        <translation>kann nicht auf andere Kopien nach %1 warten (%2); es wird sofort kopiert</translation>
    </message>
</context>
<context>
    <name>Sluice::Errno</name>
    <message>
        <source>Operation not permitted</source>
        <translation>Vorgang nicht zulässig</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>Keine Berechtigung</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>Datei oder Ordner nicht gefunden</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>Datei existiert bereits</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>Kein Ordner</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>Ist ein Ordner</translation>
    </message>
    <message>
        <source>Directory not empty</source>
        <translation>Ordner ist nicht leer</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>Dateiname zu lang</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>Zu viele Ebenen symbolischer Verknüpfungen</translation>
    </message>
    <message>
        <source>Too many links</source>
        <translation>Zu viele Verknüpfungen</translation>
    </message>
    <message>
        <source>Invalid cross-device link</source>
        <translation>Verknüpfung über Gerätegrenzen hinweg nicht möglich</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>Dateisystem ist schreibgeschützt</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>Kein Speicherplatz mehr auf dem Gerät</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>Speicherkontingent überschritten</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>Datei zu groß</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>Ein-/Ausgabefehler</translation>
    </message>
    <message>
        <source>Remote I/O error</source>
        <translation>Ein-/Ausgabefehler auf entferntem Gerät</translation>
    </message>
    <message>
        <source>Structure needs cleaning</source>
        <translation>Dateisystem beschädigt, Prüfung erforderlich</translation>
    </message>
    <message>
        <source>Stale file handle</source>
        <translation>Veraltetes Dateihandle</translation>
    </message>
    <message>
        <source>Transport endpoint is not connected</source>
        <translation>Transportendpunkt ist nicht verbunden</translation>
    </message>
    <message>
        <source>No such device or address</source>
        <translation>Gerät oder Adresse nicht vorhanden</translation>
    </message>
    <message>
        <source>No such device</source>
        <translation>Gerät nicht vorhanden</translation>
    </message>
    <message>
        <source>No medium found</source>
        <translation>Kein Medium gefunden</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>Gerät oder Ressource belegt</translation>
    </message>
    <message>
        <source>Text file busy</source>
        <translation>Programmdatei wird gerade ausgeführt</translation>
    </message>
    <message>
        <source>No locks available</source>
        <translation>Keine Sperren verfügbar</translation>
    </message>
    <message>
        <source>Resource temporarily unavailable</source>
        <translation>Ressource vorübergehend nicht verfügbar</translation>
    </message>
    <message>
        <source>Interrupted system call</source>
        <translation>Systemaufruf unterbrochen</translation>
    </message>
    <message>
        <source>Operation canceled</source>
        <translation>Vorgang abgebrochen</translation>
    </message>
    <message>
        <source>Connection timed out</source>
        <translation>Zeitüberschreitung der Verbindung</translation>
    </message>
    <message>
        <source>Invalid argument</source>
        <translation>Ungültiges Argument</translation>
    </message>
    <message>
        <source>Function not implemented</source>
        <translation>Funktion nicht implementiert</translation>
    </message>
    <message>
        <source>Operation not supported</source>
        <translation>Vorgang wird nicht unterstützt</translation>
    </message>
    <message>
        <source>Invalid or incomplete multibyte or wide character</source>
        <translation>Ungültiges oder unvollständiges Multibyte- oder Breitzeichen</translation>
    </message>
    <message>
        <source>Value too large for defined data type</source>
        <translation>Wert zu groß für den Datentyp</translation>
    </message>
    <message>
        <source>Numerical result out of range</source>
        <translation>Ergebnis außerhalb des Wertebereichs</translation>
    </message>
    <message>
        <source>Argument list too long</source>
        <translation>Argumentliste zu lang</translation>
    </message>
    <message>
        <source>No data available</source>
        <translation>Keine Daten verfügbar</translation>
    </message>
    <message>
        <source>Illegal seek</source>
        <translation>Unzulässige Positionierung</translation>
    </message>
    <message>
        <source>Bad file descriptor</source>
        <translation>Ungültiger Dateideskriptor</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>Zu viele offene Dateien</translation>
    </message>
    <message>
        <source>Too many open files in system</source>
        <translation>Zu viele offene Dateien im System</translation>
    </message>
    <message>
        <source>Cannot allocate memory</source>
        <translation>Speicher kann nicht zugewiesen werden</translation>
    </message>
</context>
<context>
    <name>Sluice::FileSystemLimits</name>
    <message>
        <source>the name is longer than %1 characters</source>
        <translation>der Name ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>the name is longer than %1 bytes</source>
        <translation>der Name ist länger als %1 Byte</translation>
    </message>
    <message>
        <source>the name contains “%1”, which %2 cannot store</source>
        <translation>der Name enthält „%1“, das %2 nicht speichern kann</translation>
    </message>
    <message>
        <source>the name contains a control character, which %1 cannot store</source>
        <translation>der Name enthält ein Steuerzeichen, das %1 nicht speichern kann</translation>
    </message>
    <message>
        <source>the name ends with a dot or a space, which %1 drops</source>
        <translation>der Name endet mit einem Punkt oder Leerzeichen, das %1 weglässt</translation>
    </message>
    <message>
        <source>the name is not valid UTF-8, and %1 stores names as Unicode</source>
        <translation>der Name ist kein gültiges UTF-8, und %1 speichert Namen als Unicode</translation>
    </message>
</context>
<context>
    <name>Sluice::FolderFinisher</name>
    <message>
        <source>the copy is complete; the original stays</source>
        <translation>die Kopie ist vollständig; das Original bleibt erhalten</translation>
    </message>
    <message>
        <source>the copy is complete; the source folder stays, without the entries moved out of it</source>
        <translation>die Kopie ist vollständig; der Quellordner bleibt erhalten, ohne die daraus verschobenen Einträge</translation>
    </message>
</context>
<context>
    <name>Sluice::FolderGuard</name>
    <message>
        <source>the folder “%1” was replaced by a symbolic link on the server (or by something else that is not a folder); nothing more is written into it</source>
        <translation>der Ordner „%1“ wurde auf dem Server durch eine symbolische Verknüpfung ersetzt (oder durch etwas anderes, das kein Ordner ist); es wird nichts mehr hineingeschrieben</translation>
    </message>
    <message>
        <source>the folder “%1” is no longer there on the server (removed or renamed, or a folder above it replaced); nothing more is written into it</source>
        <translation>der Ordner „%1“ ist auf dem Server nicht mehr vorhanden (entfernt oder umbenannt, oder ein übergeordneter Ordner wurde ersetzt); es wird nichts mehr hineingeschrieben</translation>
    </message>
    <message>
        <source>the folder “%1” on the server is no longer the folder this copy writes into (its permissions, owner or modification time changed: it, or a folder above it, was replaced, for example by a symbolic link); nothing more is written into it</source>
        <translation>der Ordner „%1“ auf dem Server ist nicht mehr der Ordner, in den diese Kopie schreibt (seine Berechtigungen, sein Eigentümer oder seine Änderungszeit haben sich geändert: er oder ein übergeordneter Ordner wurde ersetzt, zum Beispiel durch eine symbolische Verknüpfung); es wird nichts mehr hineingeschrieben</translation>
    </message>
    <message>
        <source>the folder “%1” on the server is no longer the folder this copy writes into (the hidden file this copy made in it is not there: it, or a folder above it, was replaced, for example by a symbolic link); nothing more is written into it</source>
        <translation>der Ordner „%1“ auf dem Server ist nicht mehr der Ordner, in den diese Kopie schreibt (die versteckte Datei, die diese Kopie darin angelegt hat, ist nicht da: er oder ein übergeordneter Ordner wurde ersetzt, zum Beispiel durch eine symbolische Verknüpfung); es wird nichts mehr hineingeschrieben</translation>
    </message>
    <message>
        <source>; “%1” was made before this was seen, where that path now leads on the server, and is left there</source>
        <translation>; „%1“ wurde angelegt, bevor das bemerkt wurde, dort, wohin dieser Pfad auf dem Server jetzt führt, und bleibt dort</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemCopier</name>
    <message>
        <source>the destination is probably full (%1 bytes free, the file needs %2 more)</source>
        <translation>das Ziel ist vermutlich voll (%L1 Byte frei, die Datei braucht noch %L2 Byte)</translation>
    </message>
    <message>
        <source>it became a symbolic link since the scan</source>
        <translation>es wurde nach dem Auflisten zu einer symbolischen Verknüpfung</translation>
    </message>
    <message>
        <source>it is no longer a regular file</source>
        <translation>es ist keine normale Datei mehr</translation>
    </message>
    <message>
        <source>another copy is writing this file</source>
        <translation>ein anderer Kopiervorgang schreibt gerade diese Datei</translation>
    </message>
    <message>
        <source>the file was deleted while it was copied; the copy holds the %1 bytes read</source>
        <translation>die Datei wurde während des Kopierens gelöscht; die Kopie enthält die gelesenen %L1 Byte</translation>
    </message>
    <message>
        <source>the copy reads back differently from the source (%1 %2, expected %3); the copy was removed</source>
        <translation>beim Zurücklesen weicht die Kopie von der Quelle ab (%1 %2, erwartet %3); die Kopie wurde entfernt</translation>
    </message>
    <message>
        <source>it was deleted after the scan; not copied</source>
        <translation>sie wurde nach dem Durchsuchen gelöscht; nicht kopiert</translation>
    </message>
    <message>
        <source>the file changed as it was read, twice: “%1” holds the %2 bytes of the second read, which may match no version of the file</source>
        <translation>die Datei hat sich beim Lesen zweimal geändert: „%1“ enthält die %2 Bytes des zweiten Lesens, die womöglich keiner Fassung der Datei entsprechen</translation>
    </message>
    <message>
        <source>copied again from the start (%1 bytes when opened, %2 bytes read the first time)</source>
        <translation>noch einmal von vorn kopiert (%1 Bytes beim Öffnen, %2 Bytes beim ersten Lesen gelesen)</translation>
    </message>
    <message>
        <source>an interrupted copy keeps its part file here to resume it; resume it or discard it first (sluice-cli --list-interrupted)</source>
        <translation>ein unterbrochener Kopiervorgang hält hier seine Teildatei zum Fortsetzen; setzen Sie ihn zuerst fort oder verwerfen Sie ihn (sluice-cli --list-interrupted)</translation>
    </message>
    <message>
        <source>copied again from the start instead of after the %1 bytes of its checkpoint: %2</source>
        <translation>von vorn kopiert statt nach den %1 Bytes seines Prüfpunkts: %2</translation>
    </message>
    <message>
        <source>copied as a separate file, not as a hard link to “%1”: hard links cannot be kept here</source>
        <translation>als getrennte Datei kopiert, nicht als harte Verknüpfung auf „%1“: harte Verknüpfungen sind hier nicht möglich</translation>
    </message>
    <message>
        <source>a hard link to “%1”</source>
        <translation>eine harte Verknüpfung auf „%1“</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemLife</name>
    <message>
        <source>this part file stays in the folder that was at “%1” until it was replaced on the server; remove it where that folder is now</source>
        <translation>diese Teildatei bleibt in dem Ordner, der bis zu seiner Ersetzung auf dem Server unter „%1“ lag; entfernen Sie sie dort, wo dieser Ordner jetzt ist</translation>
    </message>
    <message>
        <source>%1 changed the modification time when the file was renamed into place, and did not keep it when it was set again</source>
        <translation>das Dateisystem %1 hat beim Umbenennen auf den endgültigen Namen die Änderungszeit verändert und sie beim erneuten Setzen nicht behalten</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemTask</name>
    <message>
        <source>%1 changes the file a symbolic link points to when the link&apos;s times or owner are set: symbolic links are copied there without their times and owners</source>
        <translation>%1 ändert die Datei, auf die eine symbolische Verknüpfung zeigt, wenn Zeiten oder Eigentümer der Verknüpfung gesetzt werden: symbolische Verknüpfungen werden dort ohne ihre Zeiten und Eigentümer kopiert</translation>
    </message>
</context>
<context>
    <name>Sluice::JobJournal</name>
    <message>
        <source>journal entry %1 is not used: %2</source>
        <translation>Journaleintrag %1 wird nicht verwendet: %2</translation>
    </message>
    <message>
        <source>no such interrupted job</source>
        <translation>kein solcher unterbrochener Auftrag</translation>
    </message>
    <message>
        <source>a running copy is resuming or writing it</source>
        <translation>ein laufender Kopiervorgang setzt ihn fort oder schreibt ihn</translation>
    </message>
    <message>
        <source>cannot resume the interrupted copy %1: %2</source>
        <translation>der unterbrochene Kopiervorgang %1 kann nicht fortgesetzt werden: %2</translation>
    </message>
    <message>
        <source>the copy cannot be resumed after an interruption</source>
        <translation>der Kopiervorgang kann nach einer Unterbrechung nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>the interrupted copy %1 is kept: resume it again once the problem above is solved, or discard it</source>
        <translation>der unterbrochene Kopiervorgang %1 bleibt erhalten: setzen Sie ihn erneut fort, sobald das obige Problem behoben ist, oder verwerfen Sie ihn</translation>
    </message>
    <message>
        <source>the copy could not be kept to resume later, so it was cancelled (the file being copied was removed, finished files stay)</source>
        <translation>der Kopiervorgang konnte nicht zum späteren Fortsetzen behalten werden und wurde daher abgebrochen (die gerade kopierte Datei wurde entfernt, fertige Dateien bleiben)</translation>
    </message>
    <message>
        <source>journal entry %1 is not used: %2; it is kept aside as “%3”</source>
        <translation>Journaleintrag %1 wird nicht verwendet: %2; er wird als „%3“ beiseitegelegt</translation>
    </message>
</context>
<context>
    <name>Sluice::Metadata</name>
    <message>
        <source>the file system reported success but kept another owner or group</source>
        <translation>das Dateisystem meldete Erfolg, behielt aber einen anderen Eigentümer oder eine andere Gruppe</translation>
    </message>
    <message>
        <source>the source is on %1, where listing extended attributes breaks the connection to the server: extended attributes and ACLs are not copied from there</source>
        <translation>die Quelle liegt auf %1, wo das Auflisten erweiterter Attribute die Verbindung zum Server abbricht: erweiterte Attribute und ACLs werden von dort nicht kopiert</translation>
    </message>
</context>
<context>
    <name>Sluice::PartFile</name>
    <message>
        <source>“%1” was replaced or removed by someone else while it was being written; it was not put in place</source>
        <translation>„%1“ wurde während des Schreibens von anderer Seite ersetzt oder entfernt; die Datei hat ihren endgültigen Namen nicht erhalten</translation>
    </message>
    <message>
        <source>a part file left by an interrupted copy; copying removes it</source>
        <translation>eine Teildatei eines abgebrochenen Kopiervorgangs; beim Kopieren wird sie entfernt</translation>
    </message>
    <message>
        <source>a part file left by an interrupted copy was removed</source>
        <translation>eine Teildatei eines abgebrochenen Kopiervorgangs wurde entfernt</translation>
    </message>
</context>
<context>
    <name>Sluice::Planner</name>
    <message>
        <source>no source given</source>
        <translation>keine Quelle angegeben</translation>
    </message>
    <message>
        <source>no destination given</source>
        <translation>kein Ziel angegeben</translation>
    </message>
    <message>
        <source>several sources need a destination folder</source>
        <translation>mehrere Quellen brauchen einen Zielordner</translation>
    </message>
    <message>
        <source>the destination folder does not exist</source>
        <translation>der Zielordner existiert nicht</translation>
    </message>
    <message>
        <source>the destination&apos;s folder is not usable</source>
        <translation>der Ordner, in dem das Ziel liegen soll, ist nicht nutzbar</translation>
    </message>
    <message>
        <source>the root folder cannot be copied as a whole; name the folders inside it</source>
        <translation>der Wurzelordner kann nicht als Ganzes kopiert werden; geben Sie die Ordner darin an</translation>
    </message>
    <message>
        <source>symbolic link loop: it leads back to a folder that contains it; not followed</source>
        <translation>Schleife symbolischer Verknüpfungen: Sie führt zurück in einen Ordner, der sie enthält; nicht verfolgt</translation>
    </message>
    <message>
        <source>the folder “%1” in that path: %2</source>
        <translation>der Ordner „%1“ in diesem Pfad: %2</translation>
    </message>
    <message>
        <source>it leads to “%1” through a symbolic link: %2</source>
        <translation>er führt über eine symbolische Verknüpfung zu „%1“: %2</translation>
    </message>
    <message>
        <source>“%1” in that path leads to “%2” through a symbolic link: %3</source>
        <translation>„%1“ in diesem Pfad führt über eine symbolische Verknüpfung zu „%2“: %3</translation>
    </message>
    <message>
        <source>%1: it is never looked up there, as that breaks the connection to the server</source>
        <translation>%1: der Pfad wird dort nie abgefragt, da dies die Verbindung zum Server abbricht</translation>
    </message>
</context>
<context>
    <name>Sluice::Preflight</name>
    <message>
        <source>larger than %1 can store in one file (%2 bytes at most)</source>
        <translation>größer, als %1 in einer Datei speichern kann (höchstens %L2 Byte)</translation>
    </message>
    <message>
        <source>%1 ignores letter case, so this name and another in the same folder become one</source>
        <translation>%1 unterscheidet nicht zwischen Groß- und Kleinschreibung, daher fallen dieser und ein anderer Name im selben Ordner zusammen</translation>
    </message>
    <message>
        <source>%1 cannot store symbolic links</source>
        <translation>%1 kann keine symbolischen Verknüpfungen speichern</translation>
    </message>
    <message>
        <source>%1 cannot store FIFOs, sockets or device nodes</source>
        <translation>%1 kann keine FIFOs, Sockets oder Gerätedateien speichern</translation>
    </message>
    <message>
        <source>on the %1 pseudo file system: sizes are unknown until the content is read, so progress is approximate</source>
        <translation>auf dem Pseudo-Dateisystem %1: Größen sind erst nach dem Lesen bekannt, der Fortschritt ist daher nur ungefähr</translation>
    </message>
    <message>
        <source>%1 ignores letter case: this file would take the place of the copy of “%2”; the “rename” policy keeps both</source>
        <translation>%1 unterscheidet nicht zwischen Groß- und Kleinschreibung: Diese Datei würde die Kopie von „%2“ ersetzen; mit der Regel „Kopie umbenennen“ bleiben beide erhalten</translation>
    </message>
    <message>
        <source>%1 holds at most %2 bytes in one file</source>
        <translation>%1 speichert höchstens %L2 Byte in einer Datei</translation>
    </message>
    <message>
        <source>cannot copy a folder into itself: the destination “%1” is inside it</source>
        <translation>ein Ordner kann nicht in sich selbst kopiert werden: Das Ziel „%1“ liegt darin</translation>
    </message>
    <message>
        <source>source and destination “%1” are the same file</source>
        <translation>Quelle und Ziel „%1“ sind dieselbe Datei</translation>
    </message>
    <message>
        <source>not enough free space: the copy needs %1, %2 are available</source>
        <translation>nicht genug freier Speicherplatz: Die Kopie braucht %1, verfügbar sind %2</translation>
    </message>
    <message>
        <source>the checksum file already exists; choose a new name</source>
        <translation>die Prüfsummendatei existiert bereits; wählen Sie einen neuen Namen</translation>
    </message>
    <message>
        <source>the copy of “%1” will have this name; choose another name for the checksum file</source>
        <translation>die Kopie von „%1“ bekommt diesen Namen; wählen Sie einen anderen Namen für die Prüfsummendatei</translation>
    </message>
    <message>
        <source>the checksum file cannot be written in “%1”: %2</source>
        <translation>die Prüfsummendatei kann nicht in „%1“ geschrieben werden: %2</translation>
    </message>
    <message>
        <source>it cannot be read; the copy will ask or skip it per the error policy</source>
        <translation>sie kann nicht gelesen werden; die Kopie fragt nach oder überspringt sie, wie die Fehlerregel es vorgibt</translation>
    </message>
    <message>
        <source>it does not keep modification times</source>
        <translation>es speichert keine Änderungszeiten</translation>
    </message>
    <message>
        <source>it stores modification times to the nearest %1 s only</source>
        <translation>es speichert Änderungszeiten nur auf %1 s genau</translation>
    </message>
    <message>
        <source>it resets the modification time on rename (Sluice sets it again on the final name and checks it)</source>
        <translation>es setzt die Änderungszeit beim Umbenennen zurück (Sluice setzt sie auf dem endgültigen Namen erneut und prüft sie)</translation>
    </message>
    <message>
        <source>no rename without replacing (RENAME_NOREPLACE): a hard link takes its place</source>
        <translation>kein Umbenennen ohne Ersetzen (RENAME_NOREPLACE): stattdessen wird eine harte Verknüpfung verwendet</translation>
    </message>
    <message>
        <source>no rename without replacing (RENAME_NOREPLACE) and no hard links: the final name is checked right before a plain rename, so a file someone creates there in that instant can be replaced</source>
        <translation>kein Umbenennen ohne Ersetzen (RENAME_NOREPLACE) und keine harten Verknüpfungen: der endgültige Name wird direkt vor einem einfachen Umbenennen geprüft, daher kann eine Datei ersetzt werden, die jemand genau in diesem Augenblick dort anlegt</translation>
    </message>
    <message>
        <source>it does not keep permission bits</source>
        <translation>es speichert keine Zugriffsrechte</translation>
    </message>
    <message>
        <source>no copy_file_range(2): data goes through Sluice&apos;s buffers</source>
        <translation>kein copy_file_range(2): die Daten laufen durch die Puffer von Sluice</translation>
    </message>
    <message>
        <source>a flush reaches the server&apos;s disk only when its SFTP server offers fsync@openssh.com (OpenSSH does), which the client cannot see: &quot;done&quot; may mean the server has the data in memory</source>
        <translation>ein Flush erreicht die Platte des Servers nur, wenn dessen SFTP-Server fsync@openssh.com anbietet (OpenSSH tut das), was der Client nicht sehen kann: „fertig“ kann heißen, dass der Server die Daten erst im Speicher hat</translation>
    </message>
    <message>
        <source>a flush is passed to the server, which decides whether it reaches its disk: &quot;done&quot; may mean the server has the data in memory</source>
        <translation>ein Flush wird an den Server weitergegeben, der entscheidet, ob er seine Platte erreicht: „fertig“ kann heißen, dass der Server die Daten erst im Speicher hat</translation>
    </message>
    <message>
        <source>the destination is on %1: %2</source>
        <translation>das Ziel liegt auf %1: %2</translation>
    </message>
    <message>
        <source>smbnetfs does not pass a flush on to the server (no SMB2 FLUSH is sent): &quot;done&quot; means the server has received the data, possibly only in its memory</source>
        <translation>smbnetfs gibt einen Flush nicht an den Server weiter (es wird kein SMB2 FLUSH gesendet): „fertig“ heißt, dass der Server die Daten erhalten hat, womöglich nur in seinem Speicher</translation>
    </message>
    <message>
        <source>it does not keep owners and groups</source>
        <translation>es speichert keine Eigentümer und Gruppen</translation>
    </message>
    <message>
        <source>free space cannot be checked: the file system reports no size (the copy needs %1)</source>
        <translation>der freie Speicherplatz lässt sich nicht prüfen: das Dateisystem meldet keine Größe (die Kopie braucht %1)</translation>
    </message>
    <message>
        <source>it follows symbolic links (a link on the server looks like what it points to: sshfs -o follow_symlinks), so existing folders there are never copied into</source>
        <translation>es folgt symbolischen Verknüpfungen (eine Verknüpfung auf dem Server sieht aus wie ihr Ziel: sshfs -o follow_symlinks), daher wird nie in dort vorhandene Ordner kopiert</translation>
    </message>
    <message>
        <source>the folder “%1” already exists on %2, which shows a symbolic link on the server as what it points to (mounted with -o follow_symlinks): it may be a link to a folder elsewhere on the server, so nothing is copied into it; remount without follow_symlinks to copy into existing folders</source>
        <translation>der Ordner „%1“ existiert bereits auf %2, das eine symbolische Verknüpfung auf dem Server wie ihr Ziel zeigt (eingehängt mit -o follow_symlinks): er kann eine Verknüpfung zu einem Ordner an anderer Stelle auf dem Server sein, daher wird nichts hineinkopiert; ohne follow_symlinks neu einhängen, um in vorhandene Ordner zu kopieren</translation>
    </message>
    <message>
        <source>%1 shows a symbolic link as what it points to (mounted with -o follow_symlinks): a link made there cannot be told from its target, so symbolic links are not copied there</source>
        <translation>%1 zeigt eine symbolische Verknüpfung wie ihr Ziel (eingehängt mit -o follow_symlinks): eine dort angelegte Verknüpfung lässt sich nicht von ihrem Ziel unterscheiden, daher werden symbolische Verknüpfungen dort nicht kopiert</translation>
    </message>
    <message>
        <source>the source is on %1, which shows a symbolic link on the server as what it points to (mounted with -o follow_symlinks): a link to a folder cannot be told from a folder there, and moving it would remove the files of the folder it points to, outside what you chose; nothing of it is moved. Copy it instead, or remount without follow_symlinks to move folders</source>
        <translation>die Quelle liegt auf %1, das eine symbolische Verknüpfung auf dem Server wie ihr Ziel zeigt (eingehängt mit -o follow_symlinks): eine Verknüpfung zu einem Ordner lässt sich dort nicht von einem Ordner unterscheiden, und beim Verschieben würden die Dateien des Ordners entfernt, auf den sie zeigt, außerhalb dessen, was Sie ausgewählt haben; nichts davon wird verschoben. Stattdessen kopieren oder ohne follow_symlinks neu einhängen, um Ordner zu verschieben</translation>
    </message>
</context>
<context>
    <name>Sluice::Resume</name>
    <message>
        <source>the source was replaced since the interruption</source>
        <translation>die Quelle wurde seit der Unterbrechung ersetzt</translation>
    </message>
    <message>
        <source>the source changed size since the interruption (%1 bytes, then %2)</source>
        <translation>die Quelle hat seit der Unterbrechung ihre Größe geändert (%1 Bytes, vorher %2)</translation>
    </message>
    <message>
        <source>the source changed since the interruption</source>
        <translation>die Quelle hat sich seit der Unterbrechung geändert</translation>
    </message>
    <message>
        <source>the part file of the interrupted copy is gone or was replaced</source>
        <translation>die Teildatei des unterbrochenen Kopiervorgangs fehlt oder wurde ersetzt</translation>
    </message>
    <message>
        <source>another copy is writing the part file</source>
        <translation>ein anderer Kopiervorgang schreibt die Teildatei</translation>
    </message>
    <message>
        <source>the part file is shorter than its checkpoint (%1 bytes of %2)</source>
        <translation>die Teildatei ist kürzer als ihr Prüfpunkt (%1 von %2 Bytes)</translation>
    </message>
    <message>
        <source>the part file cannot be truncated to its checkpoint: %1</source>
        <translation>die Teildatei lässt sich nicht auf ihren Prüfpunkt kürzen: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::BufferGauge</name>
    <message numerus="yes">
        <source>%1 of %2 buffers in use</source>
        <translation>
            <numerusform>%1 von %2 Puffer belegt</numerusform>
            <numerusform>%1 von %2 Puffern belegt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::CollisionDialog</name>
    <message>
        <source>folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>Copy under the name on the left; the existing file stays</source>
        <translation>Unter dem Namen links kopieren; die vorhandene Datei bleibt erhalten</translation>
    </message>
    <message>
        <source>&amp;Apply to all remaining conflicts</source>
        <translation>Auf alle &amp;weiteren Konflikte anwenden</translation>
    </message>
    <message>
        <source>A file with this name exists</source>
        <translation>Eine Datei mit diesem Namen existiert bereits</translation>
    </message>
    <message>
        <source>“%1” already exists in “%2”.</source>
        <translation>„%1“ existiert bereits in „%2“.</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>newer</source>
        <translation>neuer</translation>
    </message>
    <message>
        <source>Being copied:</source>
        <translation>Wird kopiert:</translation>
    </message>
    <message>
        <source>Already there:</source>
        <translation>Bereits vorhanden:</translation>
    </message>
    <message>
        <source>A free name in the same folder; you can change it</source>
        <translation>Ein freier Name im selben Ordner; Sie können ihn ändern</translation>
    </message>
    <message>
        <source>New name</source>
        <translation>Neuer Name</translation>
    </message>
    <message>
        <source>New &amp;name:</source>
        <translation>Neuer &amp;Name:</translation>
    </message>
    <message>
        <source>Give every later conflict of this copy the same answer (Rename then picks numbered names)</source>
        <translation>Allen späteren Konflikten dieses Kopiervorgangs dieselbe Antwort geben („Umbenennen“ wählt dann nummerierte Namen)</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>Über&amp;schreiben</translation>
    </message>
    <message>
        <source>Replace the existing file; it is swapped only once the new copy is complete</source>
        <translation>Die vorhandene Datei ersetzen; sie wird erst ausgetauscht, wenn die neue Kopie vollständig ist</translation>
    </message>
    <message>
        <source>Overwrite if ne&amp;wer</source>
        <translation>Überschreiben, wenn neu&amp;er</translation>
    </message>
    <message>
        <source>Replace the existing file only if the one being copied was modified later</source>
        <translation>Die vorhandene Datei nur ersetzen, wenn die zu kopierende später geändert wurde</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>Ü&amp;berspringen</translation>
    </message>
    <message>
        <source>Leave the existing file and do not copy this one</source>
        <translation>Die vorhandene Datei belassen und diese nicht kopieren</translation>
    </message>
    <message>
        <source>&amp;Cancel copy</source>
        <translation>Kopieren &amp;abbrechen</translation>
    </message>
    <message>
        <source>Stop the whole copy; files already copied stay</source>
        <translation>Den gesamten Kopiervorgang beenden; bereits kopierte Dateien bleiben erhalten</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::CopyAgainDialog</name>
    <message>
        <source>Copy again</source>
        <translation>Erneut kopieren</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Nachfragen</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Rename the copy (“name (2).ext”)</source>
        <translation>Kopie umbenennen („Name (2).ext“)</translation>
    </message>
    <message>
        <source>Overwrite if newer</source>
        <translation>Überschreiben, wenn neuer</translation>
    </message>
    <message>
        <source>The same sources are copied into the same folder again.</source>
        <translation>Dieselben Quellen werden noch einmal in denselben Ordner kopiert.</translation>
    </message>
    <message>
        <source>&amp;When a name exists:</source>
        <translation>Wenn ein &amp;Name existiert:</translation>
    </message>
    <message>
        <source>Co&amp;py</source>
        <extracomment>Starts the copy again. Its mnemonic differs from the Cancel button&apos;s, which the platform theme may give one of its own (GTK: &quot;&amp;Cancel&quot;, Alt+C).</extracomment>
        <translation>&amp;Kopieren</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::DestinationField</name>
    <message>
        <source>C&amp;hoose…</source>
        <translation>Aus&amp;wählen…</translation>
    </message>
    <message>
        <source>Folder to copy into: type, choose or drop one</source>
        <translation>Zielordner: eingeben, auswählen oder hierher ziehen</translation>
    </message>
    <message>
        <source>The folder the sources are copied into. Recently used folders are in the list; you can also drop a folder here.</source>
        <translation>Der Ordner, in den die Quellen kopiert werden. Zuletzt verwendete Ordner stehen in der Liste; Sie können auch einen Ordner hierher ziehen.</translation>
    </message>
    <message>
        <source>Destination folder</source>
        <translation>Zielordner</translation>
    </message>
    <message>
        <source>Choose the destination folder (Ctrl+D)</source>
        <translation>Zielordner auswählen (Strg+D)</translation>
    </message>
    <message>
        <source>Copy into folder</source>
        <translation>In Ordner kopieren</translation>
    </message>
    <message>
        <source>Drop exactly one folder on the destination field.</source>
        <translation>Ziehen Sie genau einen Ordner auf das Zielfeld.</translation>
    </message>
    <message>
        <source>“%1” no longer exists.</source>
        <translation>„%1“ existiert nicht mehr.</translation>
    </message>
    <message>
        <source>“%1” is not a folder; drop a folder to copy into.</source>
        <translation>„%1“ ist kein Ordner; ziehen Sie den Ordner hierher, in den kopiert werden soll.</translation>
    </message>
    <message>
        <source>Drop to copy into this folder</source>
        <translation>Ablegen, um in diesen Ordner zu kopieren</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::EjectControl</name>
    <message>
        <source>E&amp;ject the drive when done</source>
        <translation>Laufwerk danach a&amp;uswerfen</translation>
    </message>
    <message>
        <source>When everything is copied and on the drive, unmount it and power it off, so that it can be unplugged</source>
        <translation>Wenn alles kopiert und auf dem Laufwerk ist, es aushängen und ausschalten, damit es abgezogen werden kann</translation>
    </message>
    <message>
        <source>E&amp;ject “%1” when done</source>
        <translation>„%1“ danach a&amp;uswerfen</translation>
    </message>
    <message>
        <source>The drive was not ejected: the copy did not complete.</source>
        <translation>Das Laufwerk wurde nicht ausgeworfen: die Kopie wurde nicht abgeschlossen.</translation>
    </message>
    <message>
        <source>“%1” can be safely unplugged.</source>
        <translation>„%1“ kann jetzt sicher abgezogen werden.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::ErrorDialog</name>
    <message>
        <source>An item could not be copied</source>
        <translation>Ein Element konnte nicht kopiert werden</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>Pfad:</translation>
    </message>
    <message>
        <source>Cause:</source>
        <translation>Ursache:</translation>
    </message>
    <message>
        <source>Copying:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Try the same operation again (after freeing space, reconnecting the drive…)</source>
        <translation>Denselben Vorgang erneut versuchen (nachdem Sie Speicherplatz freigegeben, das Laufwerk wieder angeschlossen haben …)</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>Ü&amp;berspringen</translation>
    </message>
    <message>
        <source>Leave this item out and go on; it is listed at the end</source>
        <translation>Dieses Element auslassen und fortfahren; es wird am Ende aufgeführt</translation>
    </message>
    <message>
        <source>Skip &amp;all</source>
        <translation>&amp;Alle überspringen</translation>
    </message>
    <message>
        <source>Leave out this and every later failing item without asking</source>
        <translation>Dieses und jedes weitere fehlschlagende Element ohne Nachfrage auslassen</translation>
    </message>
    <message>
        <source>A&amp;bort</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>Stop the copy here; files already copied stay</source>
        <translation>Den Kopiervorgang hier beenden; bereits kopierte Dateien bleiben erhalten</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::Format</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>stream (through Sluice&apos;s buffers)</source>
        <translation>Stream (durch die Puffer von Sluice)</translation>
    </message>
    <message>
        <source>kernel (copy_file_range, no buffers)</source>
        <translation>Kernel (copy_file_range, ohne Puffer)</translation>
    </message>
    <message>
        <source>reflink (shared blocks, nothing to move)</source>
        <translation>Reflink (gemeinsame Blöcke, nichts zu bewegen)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 “%2”</source>
        <translation>%1: „%2“</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %2 more like it)</source>
        <translation>
            <numerusform>%1 (und %2 weiteres dieser Art)</numerusform>
            <numerusform>%1 (und %2 weitere dieser Art)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln Byte</numerusform>
            <numerusform>%Ln Byte</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::IssueReport</name>
    <message>
        <source>Done: everything was moved.</source>
        <translation>Fertig: Alles wurde verschoben.</translation>
    </message>
    <message>
        <source>Done: everything was copied.</source>
        <translation>Fertig: Alles wurde kopiert.</translation>
    </message>
    <message>
        <source>Done: everything was moved, with warnings.</source>
        <translation>Fertig: Alles wurde verschoben, mit Warnungen.</translation>
    </message>
    <message>
        <source>Done: everything was copied, with warnings.</source>
        <translation>Fertig: Alles wurde kopiert, mit Warnungen.</translation>
    </message>
    <message>
        <source>Nothing was copied: the copy could not start.</source>
        <translation>Nichts wurde kopiert: Der Kopiervorgang konnte nicht beginnen.</translation>
    </message>
    <message>
        <source>Finished, but some items could not be copied.</source>
        <translation>Abgeschlossen, aber einige Elemente konnten nicht kopiert werden.</translation>
    </message>
    <message>
        <source>Cancelled. The file being copied was removed; finished files were kept.</source>
        <translation>Abgebrochen. Die gerade kopierte Datei wurde entfernt; fertige Dateien wurden behalten.</translation>
    </message>
    <message numerus="yes">
        <source>Moved: %1 of %2 items</source>
        <translation>
            <numerusform>Verschoben: %1 von %2 Element</numerusform>
            <numerusform>Verschoben: %1 von %2 Elementen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items</source>
        <translation>
            <numerusform>Kopiert: %1 von %2 Element</numerusform>
            <numerusform>Kopiert: %1 von %2 Elementen</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped: %1 · Failed: %2</source>
        <translation>Übersprungen: %1 · Fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Data: %1 of %2</source>
        <translation>Daten: %1 von %2</translation>
    </message>
    <message>
        <source>Time: %1 · Average: %2</source>
        <translation>Zeit: %1 · Durchschnitt: %2</translation>
    </message>
    <message>
        <source>Sluice&apos;s peak memory: %1</source>
        <translation>Höchster Speicherbedarf von Sluice: %1</translation>
    </message>
    <message>
        <source>Sluice: move report</source>
        <translation>Sluice: Bericht über das Verschieben</translation>
    </message>
    <message>
        <source>Sluice: copy report</source>
        <translation>Sluice: Bericht über das Kopieren</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Destination: %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation>Keine Probleme.</translation>
    </message>
    <message>
        <source>Problems (%1):</source>
        <translation>Probleme (%1):</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was moved, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Fertig: nichts verschoben, das %Ln Element wurde übersprungen.</numerusform>
            <numerusform>Fertig: nichts verschoben, alle %Ln Elemente übersprungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was copied, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Fertig: nichts kopiert, das %Ln Element wurde übersprungen.</numerusform>
            <numerusform>Fertig: nichts kopiert, alle %Ln Elemente übersprungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln skipped</source>
        <translation>
            <numerusform>%Ln übersprungen</numerusform>
            <numerusform>%Ln übersprungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln moved, %1.</source>
        <translation>
            <numerusform>Fertig: %Ln verschoben, %1.</numerusform>
            <numerusform>Fertig: %Ln verschoben, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln copied, %1.</source>
        <translation>
            <numerusform>Fertig: %Ln kopiert, %1.</numerusform>
            <numerusform>Fertig: %Ln kopiert, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The move was aborted: %1 of %Ln item(s) moved.</source>
        <translation>
            <numerusform>Das Verschieben wurde abgebrochen: %1 von %Ln Element verschoben.</numerusform>
            <numerusform>Das Verschieben wurde abgebrochen: %1 von %Ln Elementen verschoben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy was aborted: %1 of %Ln item(s) copied.</source>
        <translation>
            <numerusform>Das Kopieren wurde abgebrochen: %1 von %Ln Element kopiert.</numerusform>
            <numerusform>Das Kopieren wurde abgebrochen: %1 von %Ln Elementen kopiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Verschoben: %1 von %2 Element · %3 von %4</numerusform>
            <numerusform>Verschoben: %1 von %2 Elementen · %3 von %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Kopiert: %1 von %2 Element · %3 von %4</numerusform>
            <numerusform>Kopiert: %1 von %2 Elementen · %3 von %4</numerusform>
        </translation>
    </message>
    <message>
        <source> · merged into existing folders: %1</source>
        <translation> · in vorhandene Ordner eingefügt: %1</translation>
    </message>
    <message>
        <source>Skipped: %1 · %2 (by you %3 · by policy %4 · on error %5) · Failed: %6 · %7</source>
        <translation>Übersprungen: %1 · %2 (von Ihnen %3 · laut Regel %4 · wegen Fehler %5) · Fehlgeschlagen: %6 · %7</translation>
    </message>
    <message>
        <source>Transfer time: %1 · Average: %2 · Elapsed: %3</source>
        <translation>Übertragungszeit: %1 · Durchschnitt: %2 · Dauer: %3</translation>
    </message>
    <message>
        <source>No data moved · Elapsed: %1</source>
        <translation>Keine Daten übertragen · Dauer: %1</translation>
    </message>
    <message>
        <source>Skipped (%1):</source>
        <translation>Übersprungen (%1):</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>übersprungen: %1</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>„%1“: %2</translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (mit %Ln Element darin)</numerusform>
            <numerusform> (mit %Ln Elementen darin)</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems · Skipped: %1</source>
        <translation>Keine Probleme · Übersprungen: %1</translation>
    </message>
    <message>
        <source>Errors: %1 · Warnings: %2</source>
        <translation>Fehler: %1 · Warnungen: %2</translation>
    </message>
    <message>
        <source> · Skipped: %1</source>
        <translation> · Übersprungen: %1</translation>
    </message>
    <message>
        <source>Stopped. The copy can be resumed: the file being copied and the finished files were kept.</source>
        <translation>Gestoppt. Der Kopiervorgang kann fortgesetzt werden: die gerade kopierte Datei und die fertigen Dateien wurden behalten.</translation>
    </message>
    <message>
        <source>Not known to be on the server&apos;s disk: %1</source>
        <translation>Nicht nachweislich auf der Platte des Servers: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::JobQueue</name>
    <message>
        <source>Queued</source>
        <translation>In der Warteschlange</translation>
    </message>
    <message>
        <source>Paused (not started)</source>
        <translation>Angehalten (nicht gestartet)</translation>
    </message>
    <message>
        <source>Waiting for its device</source>
        <translation>Wartet auf sein Gerät</translation>
    </message>
    <message>
        <source>Copying</source>
        <translation>Wird kopiert</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>Could not discard the interrupted copy: %1</source>
        <translation>Der unterbrochene Kopiervorgang konnte nicht verworfen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weiteres</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Wird gemessen…</translation>
    </message>
    <message>
        <source>Move %1, %2, %3, %4</source>
        <translation>Verschieben: %1, %2, %3, %4</translation>
    </message>
    <message>
        <source>Copy %1, %2, %3, %4</source>
        <translation>Kopieren: %1, %2, %3, %4</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>into %1</source>
        <translation>nach %1</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>The queued copy could not be written down in the journal, so it is lost if Sluice ends before it starts: %1</source>
        <translation>Der wartende Kopiervorgang konnte nicht im Journal festgehalten werden und geht daher verloren, wenn Sluice endet, bevor er beginnt: %1</translation>
    </message>
    <message>
        <source>Could not take the copy off the journal: %1</source>
        <translation>Der Kopiervorgang konnte nicht aus dem Journal entfernt werden: %1</translation>
    </message>
    <message>
        <source>Could not resume the interrupted copy: %1</source>
        <translation>Der unterbrochene Kopiervorgang konnte nicht fortgesetzt werden: %1</translation>
    </message>
    <message>
        <source>Resumed by another program</source>
        <translation>Von einem anderen Programm fortgesetzt</translation>
    </message>
    <message>
        <source>Could not save the order of the queue for the next start: %1</source>
        <translation>Die Reihenfolge der Warteschlange konnte nicht für den nächsten Start gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Finished, some not copied</source>
        <translation>Abgeschlossen, einiges nicht kopiert</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::LaunchArguments</name>
    <message>
        <source>Sluice copies files and folders with bounded memory and honest progress.
Sources are listed in the window; with --start the copy begins at once.
A second start hands its sources to the window already open.</source>
        <translation>Sluice kopiert Dateien und Ordner mit begrenztem Speicherbedarf und ehrlichem Fortschritt.
Die Quellen werden im Fenster aufgelistet; mit --start beginnt das Kopieren sofort.
Ein zweiter Start übergibt seine Quellen dem bereits geöffneten Fenster.</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Diese Hilfe anzeigen und beenden.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Die Version anzeigen und beenden.</translation>
    </message>
    <message>
        <source>The folder to copy into.</source>
        <translation>Der Ordner, in den kopiert wird.</translation>
    </message>
    <message>
        <source>DESTINATION</source>
        <translation>ZIEL</translation>
    </message>
    <message>
        <source>Start copying at once (asks for the destination folder when none is given).</source>
        <translation>Sofort mit dem Kopieren beginnen (fragt nach dem Zielordner, wenn keiner angegeben ist).</translation>
    </message>
    <message>
        <source>With --start: move instead of copy (each source item is deleted once its copy is on disk).</source>
        <translation>Mit --start: verschieben statt kopieren (jedes Quellelement wird gelöscht, sobald seine Kopie auf dem Datenträger ist).</translation>
    </message>
    <message>
        <source>Open a new window instead of handing the sources to a window already open.</source>
        <translation>Ein neues Fenster öffnen, statt die Quellen einem bereits geöffneten Fenster zu übergeben.</translation>
    </message>
    <message>
        <source>Files or folders to copy.</source>
        <translation>Zu kopierende Dateien oder Ordner.</translation>
    </message>
    <message>
        <source>[SOURCE...]</source>
        <translation>[QUELLE...]</translation>
    </message>
    <message>
        <source>%1: %2
Try &apos;%1 --help&apos;.
</source>
        <translation>%1: %2
Siehe „%1 --help“.
</translation>
    </message>
    <message>
        <source>%1: not a local file: %2
</source>
        <translation>%1: keine lokale Datei: %2
</translation>
    </message>
    <message>
        <source>%1: not a local folder: %2
</source>
        <translation>%1: kein lokaler Ordner: %2
</translation>
    </message>
    <message>
        <source>%1: --move needs --start
</source>
        <translation>%1: --move erfordert --start
</translation>
    </message>
    <message>
        <source>sluice: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); in a terminal, copy with sluice-cli
</source>
        <translation>sluice: kein Bildschirm, auf dem sich das Fenster öffnen ließe (DISPLAY und WAYLAND_DISPLAY sind nicht gesetzt); im Terminal kopiert sluice-cli
</translation>
    </message>
    <message>
        <source>SOURCE</source>
        <translation>QUELLE</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::LeaveOutField</name>
    <message>
        <source>Lea&amp;ve out:</source>
        <translation>Ausn&amp;ehmen:</translation>
    </message>
    <message>
        <source>Choic&amp;es</source>
        <translation>&amp;Vorlagen</translation>
    </message>
    <message>
        <source>Hidden files</source>
        <translation>Versteckte Dateien</translation>
    </message>
    <message>
        <source>Version control, dependency and build folders</source>
        <translation>Ordner für Versionsverwaltung, Abhängigkeiten und Build</translation>
    </message>
    <message>
        <source>Thumbnails and caches</source>
        <translation>Vorschaubilder und Zwischenspeicher</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Nothing: everything is copied (patterns such as *.tmp &quot;with space.txt&quot;)</source>
        <translation>Nichts: alles wird kopiert (Muster wie *.tmp &quot;mit Leerzeichen.txt&quot;)</translation>
    </message>
    <message>
        <source>Names or paths to leave out, separated by spaces: *.tmp, node_modules/ (a trailing / means folders only), docs/drafts (a / means a path inside the source), **/cache/. A name with a space goes in quotes or has a backslash before the space: &quot;with space.txt&quot;, &apos;x y&apos;, with\ space.txt. As in a shell, a backslash outside quotes keeps the next character as it is.</source>
        <translation>Auszunehmende Namen oder Pfade, durch Leerzeichen getrennt: *.tmp, node_modules/ (ein / am Ende heißt: nur Ordner), docs/drafts (ein / heißt: ein Pfad innerhalb der Quelle), **/cache/. Ein Name mit Leerzeichen steht in Anführungszeichen oder hat einen Backslash vor dem Leerzeichen: &quot;mit Leerzeichen.txt&quot;, &apos;x y&apos;, mit\ Leerzeichen.txt. Wie in einer Shell übernimmt ein Backslash außerhalb von Anführungszeichen das nächste Zeichen unverändert.</translation>
    </message>
    <message>
        <source>Add or take out ready-made patterns</source>
        <translation>Fertige Muster hinzufügen oder entfernen</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::MainWindow</name>
    <message>
        <source>No limit</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source> MiB/s</source>
        <translation> MiB/s</translation>
    </message>
    <message>
        <source>Write at most this fast; 0 means no limit. Works while copying: the reader slows down by itself (backpressure).</source>
        <translation>Höchstens so schnell schreiben; 0 bedeutet unbegrenzt. Wirkt auch während des Kopierens: Das Lesen bremst dann von selbst (Rückstau).</translation>
    </message>
    <message>
        <source>Spee&amp;d limit:</source>
        <translation>&amp;Geschwindigkeitsgrenze:</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>Einstellu&amp;ngen…</translation>
    </message>
    <message>
        <source>Buffers, policies, engine, durability, verification</source>
        <translation>Puffer, Regeln, Verfahren, Dauerhaftigkeit, Überprüfung</translation>
    </message>
    <message>
        <source>&amp;Move</source>
        <translation>Versc&amp;hieben</translation>
    </message>
    <message>
        <source>Copy, then delete each source item once its copy is on disk</source>
        <translation>Kopieren, dann jedes Quellelement löschen, sobald seine Kopie auf dem Datenträger ist</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the sources into the destination folder</source>
        <translation>Die Quellen in den Zielordner kopieren</translation>
    </message>
    <message>
        <source>&amp;Into folder:</source>
        <translation>&amp;Zielordner:</translation>
    </message>
    <message>
        <source>What to copy</source>
        <translation>Was kopiert wird</translation>
    </message>
    <message>
        <source>Add files or folders to copy first.</source>
        <translation>Fügen Sie zuerst zu kopierende Dateien oder Ordner hinzu.</translation>
    </message>
    <message>
        <source>The destination folder “%1” does not exist.</source>
        <translation>Der Zielordner „%1“ existiert nicht.</translation>
    </message>
    <message>
        <source>Cannot use the destination folder “%1”: %2</source>
        <translation>Der Zielordner „%1“ ist nicht nutzbar: %2</translation>
    </message>
    <message>
        <source>“%1” is not a folder; choose a folder to copy into.</source>
        <translation>„%1“ ist kein Ordner; wählen Sie den Ordner, in den kopiert werden soll.</translation>
    </message>
    <message>
        <source>Not added: “%1” no longer exists.</source>
        <translation>Nicht hinzugefügt: „%1“ existiert nicht mehr.</translation>
    </message>
    <message>
        <source>Not added: “%1”: %2</source>
        <translation>Nicht hinzugefügt: „%1“: %2</translation>
    </message>
    <message>
        <source>Sluice</source>
        <translation>Sluice</translation>
    </message>
    <message>
        <source>%1 copied · Sluice</source>
        <translation>%1 kopiert · Sluice</translation>
    </message>
    <message>
        <source>A copy is running</source>
        <translation>Ein Kopiervorgang läuft</translation>
    </message>
    <message>
        <source>Cancel the copy and close Sluice?</source>
        <translation>Kopiervorgang abbrechen und Sluice schließen?</translation>
    </message>
    <message>
        <source>The file being copied is removed; files already copied stay. Nothing is left half-written.</source>
        <translation>Die gerade kopierte Datei wird entfernt; bereits kopierte Dateien bleiben erhalten. Nichts bleibt halb geschrieben zurück.</translation>
    </message>
    <message>
        <source>Cancel copy and close</source>
        <translation>Abbrechen und schließen</translation>
    </message>
    <message>
        <source>Keep copying</source>
        <translation>Weiter kopieren</translation>
    </message>
    <message>
        <source>Not added: “%1” is not a local file.</source>
        <translation>Nicht hinzugefügt: „%1“ ist keine lokale Datei.</translation>
    </message>
    <message>
        <source>“%1” is already in the list.</source>
        <translation>„%1“ ist bereits in der Liste.</translation>
    </message>
    <message>
        <source>Cancel the copy?</source>
        <translation>Kopieren abbrechen?</translation>
    </message>
    <message>
        <source>Cancel copy</source>
        <translation>Kopieren abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>%n copies were kept for later; resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n Kopiervorgang wurde für später behalten; setzen Sie ihn in der Warteschlange fort oder verwerfen Sie ihn.</numerusform>
            <numerusform>%n Kopiervorgänge wurden für später behalten; setzen Sie sie in der Warteschlange fort oder verwerfen Sie sie.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n copies were interrupted: %1 of %2 left. Resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n Kopiervorgang wurde unterbrochen: %1 von %2 fehlen noch. Setzen Sie ihn in der Warteschlange fort oder verwerfen Sie ihn.</numerusform>
            <numerusform>%n Kopiervorgänge wurden unterbrochen: %1 von %2 fehlen noch. Setzen Sie sie in der Warteschlange fort oder verwerfen Sie sie.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs are queued</source>
        <translation>Aufträge warten</translation>
    </message>
    <message numerus="yes">
        <source>Keep the %n queued jobs for the next start?</source>
        <translation>
            <numerusform>Den %n wartenden Auftrag für den nächsten Start behalten?</numerusform>
            <numerusform>Die %n wartenden Aufträge für den nächsten Start behalten?</numerusform>
        </translation>
    </message>
    <message>
        <source>Kept jobs are offered again, to resume or discard, when Sluice starts.</source>
        <translation>Behaltene Aufträge werden beim Start von Sluice wieder angeboten, zum Fortsetzen oder Verwerfen.</translation>
    </message>
    <message>
        <source>Keep for next start</source>
        <translation>Für den nächsten Start behalten</translation>
    </message>
    <message numerus="yes">
        <source>Discard them</source>
        <translation>
            <numerusform>Verwerfen</numerusform>
            <numerusform>Verwerfen</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not keep a queued job for later: %1</source>
        <translation>Ein wartender Auftrag konnte nicht für später behalten werden: %1</translation>
    </message>
    <message>
        <source>Cancelling removes the file being copied. Stop, resume later keeps it and the queued jobs, to go on from there when Sluice starts again. Files already copied stay either way.</source>
        <translation>Abbrechen entfernt die gerade kopierte Datei. „Später fortsetzen“ behält sie und die wartenden Aufträge, um beim nächsten Start von Sluice dort weiterzumachen. Bereits kopierte Dateien bleiben in jedem Fall erhalten.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::NoticeBar</name>
    <message>
        <source>Dismiss these messages</source>
        <translation>Diese Meldungen ausblenden</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::PreflightDialog</name>
    <message>
        <source>Check before copying</source>
        <translation>Prüfung vor dem Kopieren</translation>
    </message>
    <message>
        <source>Nothing has been written yet. The checks before copying found these problems:</source>
        <translation>Es wurde noch nichts geschrieben. Die Prüfung vor dem Kopieren hat diese Probleme gefunden:</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Copy anyway to go ahead: items that do not fit or cannot be stored fail one by one and are listed at the end.</source>
        <translation>Mit „Trotzdem kopieren“ geht es weiter: Elemente, die nicht passen oder nicht gespeichert werden können, schlagen einzeln fehl und werden am Ende aufgeführt.</translation>
    </message>
    <message>
        <source>Copy &amp;anyway</source>
        <translation>&amp;Trotzdem kopieren</translation>
    </message>
    <message>
        <source>Start copying despite these problems</source>
        <translation>Trotz dieser Probleme mit dem Kopieren beginnen</translation>
    </message>
    <message>
        <source>&amp;Cancel copy</source>
        <translation>Kopieren &amp;abbrechen</translation>
    </message>
    <message>
        <source>Do not copy anything</source>
        <translation>Nichts kopieren</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::QueuePanel</name>
    <message>
        <source>&amp;Queue</source>
        <translation>War&amp;teschlange</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Run the selected job earlier</source>
        <translation>Den gewählten Auftrag früher ausführen</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Run the selected job later</source>
        <translation>Den gewählten Auftrag später ausführen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Pause job</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Fertige entfernen</translation>
    </message>
    <message>
        <source>Stop, resume later</source>
        <translation>Später fortsetzen</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Take the selected job off the queue (Delete)</source>
        <translation>Den gewählten Auftrag aus der Warteschlange nehmen (Entf)</translation>
    </message>
    <message>
        <source>Hold the selected job back, or let it go on</source>
        <translation>Den gewählten Auftrag zurückhalten oder weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Stop the selected job and keep what it copied, the file being copied included, to resume it later</source>
        <translation>Den gewählten Auftrag stoppen und das Kopierte samt der gerade kopierten Datei behalten, um ihn später fortzusetzen</translation>
    </message>
    <message>
        <source>Take the ended jobs and their history off the list</source>
        <translation>Die beendeten Aufträge und ihren Verlauf aus der Liste nehmen</translation>
    </message>
    <message>
        <source>Resume job</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Discard the interrupted copy?</source>
        <translation>Den unterbrochenen Kopiervorgang verwerfen?</translation>
    </message>
    <message>
        <source>The part of the file it was copying is deleted, and the copy can no longer be resumed. The sources are not touched.</source>
        <translation>Der bereits kopierte Teil der gerade kopierten Datei wird gelöscht, und der Kopiervorgang kann nicht mehr fortgesetzt werden. Die Quellen bleiben unberührt.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Behalten</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::RateChart</name>
    <message>
        <source>Read and write rates over the last minute</source>
        <translation>Lese- und Schreibgeschwindigkeit der letzten Minute</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Schreiben</translation>
    </message>
    <message>
        <source>Sluice&apos;s memory</source>
        <translation>Speicher von Sluice</translation>
    </message>
    <message>
        <source>System write cache</source>
        <translation>Schreib-Cache des Systems</translation>
    </message>
    <message>
        <source>KiB/s</source>
        <translation>KiB/s</translation>
    </message>
    <message>
        <source>MiB/s</source>
        <translation>MiB/s</translation>
    </message>
    <message>
        <source>%.0f s</source>
        <extracomment>Labels of the chart&apos;s time axis: %.0f is a number of seconds (keep it as it is).</extracomment>
        <translation>%.0f s</translation>
    </message>
    <message>
        <source>MiB</source>
        <extracomment>The title of the chart&apos;s memory axis (Sluice&apos;s memory, in the memory&apos;s colour). Keep it as short: it stands along the plot&apos;s height, which is small on a 1280 × 720 screen.</extracomment>
        <translation>MiB</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SettingsDialog</name>
    <message>
        <source>&amp;Follow symbolic links (copy what they point to)</source>
        <translation>Symbolischen Verknüpfungen &amp;folgen (ihr Ziel kopieren)</translation>
    </message>
    <message>
        <source>&amp;Archive: also keep owner, extended attributes, ACLs and hard links</source>
        <translation>A&amp;rchiv: auch Eigentümer, erweiterte Attribute, ACLs und harte Verknüpfungen erhalten</translation>
    </message>
    <message>
        <source>Show the rate c&amp;hart while copying</source>
        <translation>&amp;Geschwindigkeitsdiagramm beim Kopieren anzeigen</translation>
    </message>
    <message>
        <source>Sluice settings</source>
        <translation>Sluice-Einstellungen</translation>
    </message>
    <message>
        <source>Bytes per buffer. 256 KiB to 16 MiB perform about the same; 64 KiB costs more processor time.</source>
        <translation>Byte pro Puffer. 256 KiB bis 16 MiB sind etwa gleich schnell; 64 KiB kosten mehr Prozessorzeit.</translation>
    </message>
    <message>
        <source>Buffers between the reader and the writer. More buffers absorb longer hiccups; memory grows with them.</source>
        <translation>Puffer zwischen Lesen und Schreiben. Mehr Puffer überbrücken längere Aussetzer; der Speicherbedarf wächst mit ihnen.</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Nachfragen</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Rename the copy (“name (2).ext”)</source>
        <translation>Kopie umbenennen („Name (2).ext“)</translation>
    </message>
    <message>
        <source>Overwrite if newer</source>
        <translation>Überschreiben, wenn neuer</translation>
    </message>
    <message>
        <source>Retry three times, then skip</source>
        <translation>Dreimal wiederholen, dann überspringen</translation>
    </message>
    <message>
        <source>Skip the item</source>
        <translation>Element überspringen</translation>
    </message>
    <message>
        <source>Stop the copy</source>
        <translation>Kopiervorgang beenden</translation>
    </message>
    <message>
        <source>Automatic (reflink, then kernel, then stream)</source>
        <translation>Automatisch (Reflink, dann Kernel, dann Stream)</translation>
    </message>
    <message>
        <source>Stream: through Sluice&apos;s buffers</source>
        <translation>Stream: durch die Puffer von Sluice</translation>
    </message>
    <message>
        <source>Needed for verification and the speed limit on every byte</source>
        <translation>Nötig für die Überprüfung und für eine Geschwindigkeitsgrenze, die jedes Byte erfasst</translation>
    </message>
    <message>
        <source>Kernel: copy_file_range</source>
        <translation>Kernel: copy_file_range</translation>
    </message>
    <message>
        <source>Reflink: share blocks (copy-on-write file systems)</source>
        <translation>Reflink: Blöcke gemeinsam nutzen (Copy-on-Write-Dateisysteme)</translation>
    </message>
    <message>
        <source>Whole copy: flush behind, one sync at the end</source>
        <translation>Ganzer Vorgang: laufend schreiben, am Ende einmal synchronisieren</translation>
    </message>
    <message>
        <source>Every file: sync each file before it gets its name</source>
        <translation>Jede Datei: einzeln synchronisieren, bevor sie ihren Namen erhält</translation>
    </message>
    <message>
        <source>None: leave it to the system</source>
        <translation>Keine: dem System überlassen</translation>
    </message>
    <message>
        <source>Faster, but “done” may come while data is still in memory</source>
        <translation>Schneller, aber „fertig“ kann kommen, während noch Daten im Speicher sind</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>xxHash (fast)</source>
        <translation>xxHash (schnell)</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Hash while copying, then read each copy back from the disk and compare</source>
        <translation>Beim Kopieren Prüfsummen bilden, dann jede Kopie vom Datenträger zurücklesen und vergleichen</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>Chunk si&amp;ze:</source>
        <translation>&amp;Blockgröße:</translation>
    </message>
    <message>
        <source>&amp;Queue depth:</source>
        <translation>&amp;Warteschlangentiefe:</translation>
    </message>
    <message>
        <source>When copying</source>
        <translation>Beim Kopieren</translation>
    </message>
    <message>
        <source>If a &amp;name exists:</source>
        <translation>Wenn ein &amp;Name existiert:</translation>
    </message>
    <message>
        <source>If an item fa&amp;ils:</source>
        <translation>Wenn ein Element fe&amp;hlschlägt:</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>&amp;Verfahren:</translation>
    </message>
    <message>
        <source>&amp;Durability:</source>
        <translation>&amp;Dauerhaftigkeit:</translation>
    </message>
    <message>
        <source>&amp;Verify copies:</source>
        <translation>Kopien &amp;überprüfen:</translation>
    </message>
    <message>
        <source>Memory for data: %1 × %2 = %3, whatever the file size</source>
        <translation>Speicher für Daten: %1 × %2 = %3, unabhängig von der Dateigröße</translation>
    </message>
    <message>
        <source>Verification reads the data as it passes through Sluice; the reflink engine moves none. Choose another engine or turn verification off.</source>
        <translation>Die Überprüfung liest die Daten, während sie durch Sluice laufen; das Reflink-Verfahren bewegt keine. Wählen Sie ein anderes Verfahren oder schalten Sie die Überprüfung aus.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourceListModel</name>
    <message>
        <source>Entries that could not be read (not counted): %1</source>
        <translation>Nicht lesbare Einträge (nicht mitgezählt): %1</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
    <message>
        <source>link or special</source>
        <translation>Verknüpfung oder Spezialdatei</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>In folder</source>
        <translation>In Ordner</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Left out</source>
        <translation>Ausgenommen</translation>
    </message>
    <message>
        <source>Left out by the filter: %1.</source>
        <translation>Vom Filter ausgenommen: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %Ln item(s)</source>
        <translation>
            <numerusform>%1 in %Ln Element</numerusform>
            <numerusform>%1 in %Ln Elementen</numerusform>
        </translation>
    </message>
    <message>
        <source>Counted: everything the copy would not create, what is inside a folder left out included, and folders left empty by the filter. sluice-cli&apos;s summary counts a folder left out as one item and does not measure what it holds.</source>
        <translation>Gezählt wird alles, was die Kopie nicht anlegen würde, einschließlich des Inhalts ausgenommener Ordner, sowie Ordner, die durch den Filter leer blieben. Die Zusammenfassung von sluice-cli zählt einen ausgenommenen Ordner als ein Element und misst seinen Inhalt nicht.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourceListView</name>
    <message>
        <source>Drop to add to the list</source>
        <translation>Loslassen, um zur Liste hinzuzufügen</translation>
    </message>
    <message>
        <source>Drop files and folders anywhere on this window,
or use “Add files…” and “Add folder…”.</source>
        <translation>Ziehen Sie Dateien und Ordner auf dieses Fenster
oder verwenden Sie „Dateien hinzufügen…“
und „Ordner hinzufügen…“.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourcesPanel</name>
    <message>
        <source>Add &amp;files…</source>
        <translation>&amp;Dateien hinzufügen…</translation>
    </message>
    <message>
        <source>Add f&amp;older…</source>
        <translation>&amp;Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>Ent&amp;fernen</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>&amp;Leeren</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Choose files to copy (Ctrl+O)</source>
        <translation>Zu kopierende Dateien auswählen (Strg+O)</translation>
    </message>
    <message>
        <source>Choose a folder to copy (Ctrl+Shift+O)</source>
        <translation>Einen zu kopierenden Ordner auswählen (Strg+Umschalt+O)</translation>
    </message>
    <message>
        <source>Take the selected sources off the list (Delete)</source>
        <translation>Die ausgewählten Quellen aus der Liste nehmen (Entf)</translation>
    </message>
    <message>
        <source>Take every source off the list</source>
        <translation>Alle Quellen aus der Liste nehmen</translation>
    </message>
    <message>
        <source>Add files to copy</source>
        <translation>Zu kopierende Dateien hinzufügen</translation>
    </message>
    <message>
        <source>Add a folder to copy</source>
        <translation>Zu kopierenden Ordner hinzufügen</translation>
    </message>
    <message>
        <source>Nothing to copy yet.</source>
        <translation>Noch nichts zu kopieren.</translation>
    </message>
    <message>
        <source>Sources: %1 · Size: %2 · Items: %3</source>
        <translation>Quellen: %1 · Größe: %2 · Elemente: %3</translation>
    </message>
    <message>
        <source> (still measuring…)</source>
        <translation> (wird noch gemessen…)</translation>
    </message>
    <message>
        <source> · Unreadable: %1</source>
        <translation> · Nicht lesbar: %1</translation>
    </message>
    <message>
        <source> · Left out: %1</source>
        <translation> · Ausgenommen: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SummaryPanel</name>
    <message>
        <source>&amp;Save list…</source>
        <translation>Liste &amp;speichern…</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Save this summary and the list of problems as a text file</source>
        <translation>Diese Zusammenfassung und die Liste der Probleme als Textdatei speichern</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source> (and %1 more like it)</source>
        <translation>
            <numerusform> (und %1 weiteres dieser Art)</numerusform>
            <numerusform> (und %1 weitere dieser Art)</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the copy report</source>
        <translation>Kopierbericht speichern</translation>
    </message>
    <message>
        <source>Text files (*.txt)</source>
        <translation>Textdateien (*.txt)</translation>
    </message>
    <message>
        <source>Saved the report to “%1”.</source>
        <translation>Bericht in „%1“ gespeichert.</translation>
    </message>
    <message>
        <source>Could not save the report to “%1”: %2</source>
        <translation>Der Bericht konnte nicht in „%1“ gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Copy &amp;again…</source>
        <translation>Erneut kop&amp;ieren…</translation>
    </message>
    <message>
        <source>Retr&amp;y failed and skipped items</source>
        <translation>Fehlgeschlagene und übersprungene e&amp;rneut versuchen</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Which entries the list shows</source>
        <translation>Welche Einträge die Liste zeigt</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>&amp;Anzeigen:</translation>
    </message>
    <message>
        <source>Copy the same sources again, choosing what to do with names that exist</source>
        <translation>Dieselben Quellen noch einmal kopieren und wählen, was mit vorhandenen Namen geschieht</translation>
    </message>
    <message>
        <source>Copy only the items that were skipped, each to its place</source>
        <translation>Nur die übersprungenen Elemente kopieren, jedes an seinen Platz</translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (mit %Ln Element darin)</numerusform>
            <numerusform> (mit %Ln Elementen darin)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::TransferArea</name>
    <message>
        <source>Transfer</source>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Pause or resume reading and writing</source>
        <translation>Lesen und Schreiben anhalten oder fortsetzen</translation>
    </message>
    <message>
        <source>S&amp;kip file</source>
        <translation>Datei ü&amp;berspringen</translation>
    </message>
    <message>
        <source>Give up the file being copied (its partial copy is removed) and go on with the next</source>
        <translation>Die gerade kopierte Datei aufgeben (ihre Teilkopie wird entfernt) und mit der nächsten fortfahren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the copy: the file being copied is removed, finished files stay</source>
        <translation>Kopiervorgang beenden: Die gerade kopierte Datei wird entfernt, fertige Dateien bleiben erhalten</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Fort&amp;setzen</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::TransferPanel</name>
    <message>
        <source>How the current file&apos;s bytes move: stream (through Sluice&apos;s buffers), kernel (copy_file_range, no buffers) or reflink (shared blocks, nothing to move).</source>
        <translation>Wie die Bytes der aktuellen Datei bewegt werden: Stream (durch die Puffer von Sluice), Kernel (copy_file_range, ohne Puffer) oder Reflink (gemeinsame Blöcke, nichts zu bewegen).</translation>
    </message>
    <message>
        <source>How fast the source is read into the buffers (bytes per second, over the last seconds; paused time excluded).</source>
        <translation>Wie schnell die Quelle in die Puffer gelesen wird (Byte pro Sekunde über die letzten Sekunden; Pausen nicht mitgerechnet).</translation>
    </message>
    <message>
        <source>How fast the destination accepts the data (bytes per second, over the last seconds; paused time excluded).</source>
        <translation>Wie schnell das Ziel die Daten annimmt (Byte pro Sekunde über die letzten Sekunden; Pausen nicht mitgerechnet).</translation>
    </message>
    <message>
        <source>Dirty + Writeback from /proc/meminfo, for the whole system: data the kernel has accepted but not yet stored on a device.</source>
        <translation>Dirty + Writeback aus /proc/meminfo für das ganze System: Daten, die der Kernel angenommen, aber noch auf keinem Gerät gespeichert hat.</translation>
    </message>
    <message>
        <source>The buffer pool between reading and writing: chunks filled by the reader and not yet written. Full buffers mean the writer is the slow side; the reader then waits (backpressure), so memory never grows.</source>
        <translation>Die Puffer zwischen Lesen und Schreiben: Blöcke, die gelesen, aber noch nicht geschrieben sind. Volle Puffer bedeuten, dass das Schreiben die langsame Seite ist; das Lesen wartet dann (Rückstau), daher wächst der Speicherbedarf nie.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Elapsed %1 · about %2 left</source>
        <translation>Verstrichen %1 · noch etwa %2</translation>
    </message>
    <message>
        <source>Total:</source>
        <translation>Gesamt:</translation>
    </message>
    <message>
        <source>This file:</source>
        <translation>Diese Datei:</translation>
    </message>
    <message>
        <source>Reading the source</source>
        <translation>Lesen der Quelle</translation>
    </message>
    <message>
        <source>Buffers in memory</source>
        <translation>Puffer im Speicher</translation>
    </message>
    <message>
        <source>Writing the destination</source>
        <translation>Schreiben ins Ziel</translation>
    </message>
    <message>
        <source>flows into</source>
        <translation>fließt in</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>System write cache: %1</source>
        <translation>Schreib-Cache des Systems: %1</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Flushing to disk: %1 still to write</source>
        <translation>Wird auf den Datenträger geschrieben: noch %1</translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation>Verfahren: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 items</source>
        <translation>
            <numerusform>%1 von %2 Element</numerusform>
            <numerusform>%1 von %2 Elementen</numerusform>
        </translation>
    </message>
    <message>
        <source>time left unknown</source>
        <translation>Restzeit unbekannt</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>noch etwa %1</translation>
    </message>
    <message>
        <source>Elapsed %1 · %2</source>
        <translation>Verstrichen %1 · %2</translation>
    </message>
    <message>
        <source>%1 of %2 in use, %3 each</source>
        <translation>%1 von %2 belegt, je %3</translation>
    </message>
    <message>
        <source>System write cache: %1 not yet on disk</source>
        <translation>Schreib-Cache des Systems: %1 noch nicht auf dem Datenträger</translation>
    </message>
    <message>
        <source>Paused: nothing is read or written until you resume. The buffers keep their data; rates show zero.</source>
        <translation>Angehalten: Bis zum Fortsetzen wird nichts gelesen oder geschrieben. Die Puffer behalten ihre Daten; die Geschwindigkeiten zeigen null.</translation>
    </message>
    <message>
        <source>Copy (Ctrl+Return) or Move (Ctrl+Shift+Return) starts; reading, the buffers and writing then show here.</source>
        <translation>„Kopieren“ (Strg+Return) oder „Verschieben“ (Strg+Umschalt+Return) startet; Lesen, Puffer und Schreiben werden dann hier angezeigt.</translation>
    </message>
    <message>
        <source>Listing the files and folders to copy.</source>
        <translation>Die zu kopierenden Dateien und Ordner werden aufgelistet.</translation>
    </message>
    <message>
        <source>Checking free space, names and limits before the first byte is written.</source>
        <translation>Freier Speicherplatz, Namen und Grenzen werden geprüft, bevor das erste Byte geschrieben wird.</translation>
    </message>
    <message>
        <source>Reading the copy back from the disk to compare checksums.</source>
        <translation>Die Kopie wird vom Datenträger zurückgelesen, um Prüfsummen zu vergleichen.</translation>
    </message>
    <message>
        <source>All data is written; the device is still storing the last %1. Sluice reports done only when it is really on the disk.</source>
        <translation>Alle Daten sind geschrieben; das Gerät speichert noch die letzten %1. Sluice meldet „fertig“ erst, wenn alles wirklich auf dem Datenträger ist.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>The kernel copies this file directly (copy_file_range): the data does not pass through Sluice&apos;s buffers.</source>
        <translation>Der Kernel kopiert diese Datei direkt (copy_file_range): Die Daten laufen nicht durch die Puffer von Sluice.</translation>
    </message>
    <message>
        <source>The file system shares the blocks (reflink): nothing needs to be moved.</source>
        <translation>Das Dateisystem nutzt die Blöcke gemeinsam (Reflink): Es muss nichts bewegt werden.</translation>
    </message>
    <message>
        <source>Copying small files, %1 at a time, each in a single step.</source>
        <translation>Kleine Dateien werden kopiert, %1 gleichzeitig, jede in einem Schritt.</translation>
    </message>
    <message>
        <source>Creating folders, links and small files.</source>
        <translation>Ordner, Verknüpfungen und kleine Dateien werden angelegt.</translation>
    </message>
    <message>
        <source>Buffers full: the destination is the bottleneck (it writes slower than the source reads). Reading waits for a free buffer, so memory stays flat.</source>
        <translation>Puffer voll: Das Ziel ist der Engpass (es schreibt langsamer, als die Quelle gelesen wird). Das Lesen wartet auf einen freien Puffer, daher bleibt der Speicherbedarf gleich.</translation>
    </message>
    <message>
        <source>Buffers nearly empty: the destination writes as fast as the source delivers, so reading the source is the bottleneck.</source>
        <translation>Puffer fast leer: Das Ziel schreibt so schnell, wie die Quelle liefert; der Engpass ist also das Lesen der Quelle.</translation>
    </message>
    <message>
        <source>Reading and writing keep pace; the buffers absorb short hiccups on either side.</source>
        <translation>Lesen und Schreiben halten Schritt; die Puffer fangen kurze Aussetzer auf beiden Seiten ab.</translation>
    </message>
    <message>
        <source>Resident set size of the whole Sluice process (window, engine and buffers: all its memory in RAM), and the part of it that is the buffer pool (chunk size × queue depth). It stays flat whatever the file size: the buffers are allocated once.</source>
        <translation>Resident Set Size des ganzen Sluice-Prozesses (Fenster, Kopierwerk und Puffer: sein gesamter Speicher im RAM) und der Anteil davon, der auf den Pufferpool entfällt (Blockgröße × Warteschlangentiefe). Sie bleibt unabhängig von der Dateigröße gleich: die Puffer werden einmal angelegt.</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Warten auf Ihre Antwort</translation>
    </message>
    <message>
        <source>Waiting for %1</source>
        <translation>Warten auf %1</translation>
    </message>
    <message>
        <source>%1, stopped until you answer</source>
        <translation>%1, angehalten bis zu Ihrer Antwort</translation>
    </message>
    <message>
        <source>Sluice&apos;s memory (whole process): %1, peak %2 · buffer pool %3</source>
        <translation>Speicher von Sluice (ganzer Prozess): %1, Spitze %2 · Pufferpool %3</translation>
    </message>
    <message>
        <source>Another copy is writing to %1; this one starts when it has finished, so that the two do not slow each other down.</source>
        <translation>Eine andere Kopie schreibt gerade nach %1; diese beginnt, wenn jene fertig ist, damit sich die beiden nicht gegenseitig bremsen.</translation>
    </message>
    <message>
        <source>%1 is writing to %2; this copy starts when it has finished, so that the two do not slow each other down.</source>
        <translation>%1 schreibt gerade nach %2; diese Kopie beginnt, wenn jene fertig ist, damit sich die beiden nicht gegenseitig bremsen.</translation>
    </message>
</context>
</TS>
