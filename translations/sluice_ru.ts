<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name>CopyPhase</name>
    <message>
        <source>Waiting to start</source>
        <translation>Ожидание запуска</translation>
    </message>
    <message>
        <source>Listing what to copy</source>
        <translation>Составление списка для копирования</translation>
    </message>
    <message>
        <source>Checking before copying</source>
        <translation>Проверка перед копированием</translation>
    </message>
    <message>
        <source>Waiting for the disk</source>
        <translation>Ожидание диска</translation>
    </message>
    <message>
        <source>Copying</source>
        <translation>Копирование</translation>
    </message>
    <message>
        <source>Verifying the copy</source>
        <translation>Проверка копии</translation>
    </message>
    <message>
        <source>Flushing to disk</source>
        <translation>Сброс на диск</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершено</translation>
    </message>
</context>
<context>
    <name>Desktop</name>
    <message>
        <source>Copying to %1</source>
        <translation>Копирование в %1</translation>
    </message>
    <message>
        <source>Copying 1 file to %1</source>
        <translation>Копирование 1 файла в %1</translation>
    </message>
    <message>
        <source>Copying %1 files to %2</source>
        <translation>Копирование файлов (%1) в %2</translation>
    </message>
    <message>
        <source>Pausing the copy to %1 before sleeping</source>
        <translation>Копирование в %1 приостанавливается перед переходом в сон</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Приостановлено</translation>
    </message>
    <message>
        <source>Failed items: %1</source>
        <translation>Элементы с ошибками: %1</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Ожидание вашего ответа</translation>
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
        <translation>Открыть папку</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>Извлечь</translation>
    </message>
</context>
<context>
    <name>Sluice::CopyIssue</name>
    <message numerus="yes">
        <source>Warning: %1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>Предупреждение: %1 «%2» и ещё %n элемент: %3</numerusform>
            <numerusform>Предупреждение: %1 «%2» и ещё %n элемента: %3</numerusform>
            <numerusform>Предупреждение: %1 «%2» и ещё %n элементов: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>%1 «%2» и ещё %n элемент: %3</numerusform>
            <numerusform>%1 «%2» и ещё %n элемента: %3</numerusform>
            <numerusform>%1 «%2» и ещё %n элементов: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1 “%2”: %3</source>
        <translation>Предупреждение: %1 «%2»: %3</translation>
    </message>
    <message>
        <source>%1 “%2”: %3</source>
        <translation>%1 «%2»: %3</translation>
    </message>
    <message>
        <source>Cannot copy</source>
        <translation>Не удалось скопировать</translation>
    </message>
    <message>
        <source>Cannot inspect</source>
        <translation>Не удалось прочитать свойства</translation>
    </message>
    <message>
        <source>Cannot list folder</source>
        <translation>Не удалось прочитать содержимое папки</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>Не удалось открыть</translation>
    </message>
    <message>
        <source>Cannot read</source>
        <translation>Не удалось прочитать</translation>
    </message>
    <message>
        <source>Cannot create</source>
        <translation>Не удалось создать</translation>
    </message>
    <message>
        <source>Cannot write</source>
        <translation>Не удалось записать</translation>
    </message>
    <message>
        <source>Cannot flush to disk</source>
        <translation>Не удалось сбросить на диск</translation>
    </message>
    <message>
        <source>Cannot rename into place</source>
        <translation>Не удалось переименовать в окончательное имя</translation>
    </message>
    <message>
        <source>Cannot remove</source>
        <translation>Не удалось удалить</translation>
    </message>
    <message>
        <source>Cannot set permissions of</source>
        <translation>Не удалось задать права доступа к</translation>
    </message>
    <message>
        <source>Cannot set owner of</source>
        <translation>Не удалось сменить владельца</translation>
    </message>
    <message>
        <source>Cannot set times of</source>
        <translation>Не удалось задать отметки времени</translation>
    </message>
    <message>
        <source>Cannot copy extended attributes of</source>
        <translation>Не удалось скопировать расширенные атрибуты</translation>
    </message>
    <message>
        <source>Cannot create hard link</source>
        <translation>Не удалось создать жёсткую ссылку</translation>
    </message>
    <message>
        <source>Verification failed for</source>
        <translation>Ошибка проверки</translation>
    </message>
    <message>
        <source>Check before copying</source>
        <translation>Проверка перед копированием</translation>
    </message>
    <message>
        <source>Cleaned up</source>
        <translation>Очистка</translation>
    </message>
    <message>
        <source>Cannot process</source>
        <translation>Не удалось обработать</translation>
    </message>
    <message>
        <source>Warning: “%1” changed while it was read; %2</source>
        <translation>Предупреждение: «%1» изменился во время чтения; %2</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Прочитано заново</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>Возобновлено</translation>
    </message>
    <message>
        <source>Cannot copy the access control list (ACL) of</source>
        <translation>Не удалось скопировать список управления доступом (ACL)</translation>
    </message>
    <message>
        <source>Cannot write the journal</source>
        <translation>Не удалось записать журнал</translation>
    </message>
</context>
<context>
    <name>Sluice::CopySummary</name>
    <message>
        <source>skipped by you</source>
        <translation>пропущено вами</translation>
    </message>
    <message>
        <source>exists, skipped by policy</source>
        <translation>уже существует, пропущено по правилу</translation>
    </message>
</context>
<context>
    <name>Sluice::Decisions</name>
    <message>
        <source>source and destination “%1” are the same file</source>
        <translation>источник и назначение «%1» — один и тот же файл</translation>
    </message>
    <message>
        <source>a folder with this name exists; it is never replaced by a file</source>
        <translation>папка с таким именем уже существует; файл никогда не заменяет папку</translation>
    </message>
    <message>
        <source>a file with this name exists; it is never replaced by a folder</source>
        <translation>файл с таким именем уже существует; папка никогда не заменяет файл</translation>
    </message>
</context>
<context>
    <name>Sluice::Desktop::DriveEjector</name>
    <message>
        <source>UDisks2 is not available (%1).</source>
        <translation>UDisks2 недоступен (%1).</translation>
    </message>
    <message>
        <source>The destination is not on a drive that can be ejected.</source>
        <translation>Место назначения находится не на извлекаемом диске.</translation>
    </message>
    <message>
        <source>Nothing was unmounted: “%1” is in use by %2.</source>
        <translation>Ничего не отмонтировано: «%1» используется процессом %2.</translation>
    </message>
    <message>
        <source>%1 of “%2” failed: %3</source>
        <extracomment>%1 is Unmount, Lock, PowerOff, Eject or Delete (the UDisks2 method), %2 what it acts on</extracomment>
        <translation>Не удалось выполнить %1 для «%2»: %3</translation>
    </message>
</context>
<context>
    <name>Sluice::DeviceTurn</name>
    <message>
        <source>cannot wait for other copies to %1 (%2); copying at once</source>
        <translation>нельзя дождаться других копирований в %1 (%2); копирование начинается сразу</translation>
    </message>
</context>
<context>
    <name>Sluice::Errno</name>
    <message>
        <source>Operation not permitted</source>
        <translation>Операция не разрешена</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>Доступ запрещён</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>Нет такого файла или папки</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>Файл уже существует</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>Не является папкой</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>Является папкой</translation>
    </message>
    <message>
        <source>Directory not empty</source>
        <translation>Папка не пуста</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>Слишком длинное имя файла</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>Слишком много уровней символических ссылок</translation>
    </message>
    <message>
        <source>Too many links</source>
        <translation>Слишком много ссылок</translation>
    </message>
    <message>
        <source>Invalid cross-device link</source>
        <translation>Ссылка между разными устройствами невозможна</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>Файловая система доступна только для чтения</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>На устройстве не осталось места</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>Превышена дисковая квота</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>Файл слишком велик</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>Ошибка ввода-вывода</translation>
    </message>
    <message>
        <source>Remote I/O error</source>
        <translation>Ошибка ввода-вывода на удалённом устройстве</translation>
    </message>
    <message>
        <source>Structure needs cleaning</source>
        <translation>Файловая система повреждена, требуется проверка</translation>
    </message>
    <message>
        <source>Stale file handle</source>
        <translation>Устаревший дескриптор файла</translation>
    </message>
    <message>
        <source>Transport endpoint is not connected</source>
        <translation>Транспортная конечная точка не подключена</translation>
    </message>
    <message>
        <source>No such device or address</source>
        <translation>Нет такого устройства или адреса</translation>
    </message>
    <message>
        <source>No such device</source>
        <translation>Нет такого устройства</translation>
    </message>
    <message>
        <source>No medium found</source>
        <translation>Носитель не найден</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>Устройство или ресурс заняты</translation>
    </message>
    <message>
        <source>Text file busy</source>
        <translation>Исполняемый файл занят</translation>
    </message>
    <message>
        <source>No locks available</source>
        <translation>Нет доступных блокировок</translation>
    </message>
    <message>
        <source>Resource temporarily unavailable</source>
        <translation>Ресурс временно недоступен</translation>
    </message>
    <message>
        <source>Interrupted system call</source>
        <translation>Системный вызов прерван</translation>
    </message>
    <message>
        <source>Operation canceled</source>
        <translation>Операция отменена</translation>
    </message>
    <message>
        <source>Connection timed out</source>
        <translation>Время ожидания соединения истекло</translation>
    </message>
    <message>
        <source>Invalid argument</source>
        <translation>Недопустимый аргумент</translation>
    </message>
    <message>
        <source>Function not implemented</source>
        <translation>Функция не реализована</translation>
    </message>
    <message>
        <source>Operation not supported</source>
        <translation>Операция не поддерживается</translation>
    </message>
    <message>
        <source>Invalid or incomplete multibyte or wide character</source>
        <translation>Недопустимый или неполный многобайтовый или широкий символ</translation>
    </message>
    <message>
        <source>Value too large for defined data type</source>
        <translation>Значение слишком велико для типа данных</translation>
    </message>
    <message>
        <source>Numerical result out of range</source>
        <translation>Результат вне допустимого диапазона</translation>
    </message>
    <message>
        <source>Argument list too long</source>
        <translation>Слишком длинный список аргументов</translation>
    </message>
    <message>
        <source>No data available</source>
        <translation>Нет данных</translation>
    </message>
    <message>
        <source>Illegal seek</source>
        <translation>Недопустимое позиционирование</translation>
    </message>
    <message>
        <source>Bad file descriptor</source>
        <translation>Неверный дескриптор файла</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>Слишком много открытых файлов</translation>
    </message>
    <message>
        <source>Too many open files in system</source>
        <translation>Слишком много открытых файлов в системе</translation>
    </message>
    <message>
        <source>Cannot allocate memory</source>
        <translation>Не удалось выделить память</translation>
    </message>
</context>
<context>
    <name>Sluice::FileSystemLimits</name>
    <message>
        <source>the name is longer than %1 characters</source>
        <translation>имя длиннее допустимого (символов: не более %1)</translation>
    </message>
    <message>
        <source>the name is longer than %1 bytes</source>
        <translation>имя длиннее допустимого (байт: не более %1)</translation>
    </message>
    <message>
        <source>the name contains “%1”, which %2 cannot store</source>
        <translation>имя содержит «%1», а %2 не может хранить этот символ</translation>
    </message>
    <message>
        <source>the name contains a control character, which %1 cannot store</source>
        <translation>имя содержит управляющий символ, который %1 не может хранить</translation>
    </message>
    <message>
        <source>the name ends with a dot or a space, which %1 drops</source>
        <translation>имя оканчивается точкой или пробелом, которые %1 отбрасывает</translation>
    </message>
    <message>
        <source>the name is not valid UTF-8, and %1 stores names as Unicode</source>
        <translation>имя не является допустимым UTF-8, а %1 хранит имена в Юникоде</translation>
    </message>
</context>
<context>
    <name>Sluice::FolderFinisher</name>
    <message>
        <source>the copy is complete; the original stays</source>
        <translation>копия завершена; оригинал остаётся на месте</translation>
    </message>
    <message>
        <source>the copy is complete; the source folder stays, without the entries moved out of it</source>
        <translation>копия завершена; исходная папка остаётся на месте, без перемещённых из неё элементов</translation>
    </message>
</context>
<context>
    <name>Sluice::FolderGuard</name>
    <message>
        <source>the folder “%1” was replaced by a symbolic link on the server (or by something else that is not a folder); nothing more is written into it</source>
        <translation>папка «%1» на сервере заменена символической ссылкой (или чем-то другим, что не является папкой); больше ничего в неё не записывается</translation>
    </message>
    <message>
        <source>the folder “%1” is no longer there on the server (removed or renamed, or a folder above it replaced); nothing more is written into it</source>
        <translation>папки «%1» больше нет на сервере (она удалена или переименована, либо заменена одна из папок выше); больше ничего в неё не записывается</translation>
    </message>
    <message>
        <source>the folder “%1” on the server is no longer the folder this copy writes into (its permissions, owner or modification time changed: it, or a folder above it, was replaced, for example by a symbolic link); nothing more is written into it</source>
        <translation>папка «%1» на сервере больше не та папка, в которую пишет это копирование (изменились её права, владелец или время изменения: её или одну из папок выше заменили, например символической ссылкой); больше ничего в неё не записывается</translation>
    </message>
    <message>
        <source>the folder “%1” on the server is no longer the folder this copy writes into (the hidden file this copy made in it is not there: it, or a folder above it, was replaced, for example by a symbolic link); nothing more is written into it</source>
        <translation>папка «%1» на сервере больше не та папка, в которую пишет это копирование (скрытого файла, созданного в ней этим копированием, там нет: её или одну из папок выше заменили, например символической ссылкой); больше ничего в неё не записывается</translation>
    </message>
    <message>
        <source>; “%1” was made before this was seen, where that path now leads on the server, and is left there</source>
        <translation>; «%1» был создан до того, как это обнаружилось, там, куда этот путь теперь ведёт на сервере, и остаётся там</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemCopier</name>
    <message>
        <source>the destination is probably full (%1 bytes free, the file needs %2 more)</source>
        <translation>назначение, вероятно, заполнено (свободно байт: %L1, файлу нужно ещё: %L2)</translation>
    </message>
    <message>
        <source>it became a symbolic link since the scan</source>
        <translation>после составления списка элемент стал символической ссылкой</translation>
    </message>
    <message>
        <source>it is no longer a regular file</source>
        <translation>это больше не обычный файл</translation>
    </message>
    <message>
        <source>another copy is writing this file</source>
        <translation>этот файл уже записывается другим копированием</translation>
    </message>
    <message>
        <source>the file was deleted while it was copied; the copy holds the %1 bytes read</source>
        <translation>файл был удалён во время копирования; копия содержит то, что успело прочитаться (байт: %L1)</translation>
    </message>
    <message>
        <source>the copy reads back differently from the source (%1 %2, expected %3); the copy was removed</source>
        <translation>при обратном чтении копия не совпадает с источником (%1 %2, ожидалось %3); копия удалена</translation>
    </message>
    <message>
        <source>it was deleted after the scan; not copied</source>
        <translation>файл удалён после сканирования; не скопирован</translation>
    </message>
    <message>
        <source>the file changed as it was read, twice: “%1” holds the %2 bytes of the second read, which may match no version of the file</source>
        <translation>файл дважды изменился во время чтения: «%1» содержит %2 байт второго чтения, которые могут не совпадать ни с одной версией файла</translation>
    </message>
    <message>
        <source>copied again from the start (%1 bytes when opened, %2 bytes read the first time)</source>
        <translation>скопирован заново с начала (при открытии %1 байт, при первом чтении прочитано %2 байт)</translation>
    </message>
    <message>
        <source>an interrupted copy keeps its part file here to resume it; resume it or discard it first (sluice-cli --list-interrupted)</source>
        <translation>здесь лежит частичный файл прерванного копирования для его возобновления; сначала возобновите или отбросьте его (sluice-cli --list-interrupted)</translation>
    </message>
    <message>
        <source>copied again from the start instead of after the %1 bytes of its checkpoint: %2</source>
        <translation>скопировано заново с начала, а не после %1 байт контрольной точки: %2</translation>
    </message>
    <message>
        <source>copied as a separate file, not as a hard link to “%1”: hard links cannot be kept here</source>
        <translation>скопирован как отдельный файл, а не как жёсткая ссылка на «%1»: жёсткие ссылки здесь сохранить нельзя</translation>
    </message>
    <message>
        <source>a hard link to “%1”</source>
        <translation>жёсткая ссылка на «%1»</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemLife</name>
    <message>
        <source>this part file stays in the folder that was at “%1” until it was replaced on the server; remove it where that folder is now</source>
        <translation>этот частичный файл остаётся в папке, которая была в «%1», пока её не заменили на сервере; удалите его там, где эта папка находится теперь</translation>
    </message>
    <message>
        <source>%1 changed the modification time when the file was renamed into place, and did not keep it when it was set again</source>
        <translation>файловая система %1 изменила время изменения при переименовании файла в окончательное имя и не сохранила его при повторной установке</translation>
    </message>
</context>
<context>
    <name>Sluice::ItemTask</name>
    <message>
        <source>%1 changes the file a symbolic link points to when the link&apos;s times or owner are set: symbolic links are copied there without their times and owners</source>
        <translation>%1 изменяет файл, на который указывает символическая ссылка, когда задаются время или владелец ссылки: символические ссылки копируются туда без времени и владельца</translation>
    </message>
</context>
<context>
    <name>Sluice::JobJournal</name>
    <message>
        <source>journal entry %1 is not used: %2</source>
        <translation>запись журнала %1 не используется: %2</translation>
    </message>
    <message>
        <source>no such interrupted job</source>
        <translation>такого прерванного задания нет</translation>
    </message>
    <message>
        <source>a running copy is resuming or writing it</source>
        <translation>его возобновляет или записывает идущее копирование</translation>
    </message>
    <message>
        <source>cannot resume the interrupted copy %1: %2</source>
        <translation>не удалось возобновить прерванное копирование %1: %2</translation>
    </message>
    <message>
        <source>the copy cannot be resumed after an interruption</source>
        <translation>копирование нельзя будет возобновить после прерывания</translation>
    </message>
    <message>
        <source>the interrupted copy %1 is kept: resume it again once the problem above is solved, or discard it</source>
        <translation>прерванное копирование %1 сохранено: возобновите его снова, когда проблема выше будет устранена, или отбросьте его</translation>
    </message>
    <message>
        <source>the copy could not be kept to resume later, so it was cancelled (the file being copied was removed, finished files stay)</source>
        <translation>копирование не удалось сохранить для возобновления позже, поэтому оно отменено (копируемый файл удалён, готовые файлы остаются)</translation>
    </message>
    <message>
        <source>journal entry %1 is not used: %2; it is kept aside as “%3”</source>
        <translation>запись журнала %1 не используется: %2; она сохранена отдельно как «%3»</translation>
    </message>
</context>
<context>
    <name>Sluice::Metadata</name>
    <message>
        <source>the file system reported success but kept another owner or group</source>
        <translation>файловая система сообщила об успехе, но оставила другого владельца или группу</translation>
    </message>
    <message>
        <source>the source is on %1, where listing extended attributes breaks the connection to the server: extended attributes and ACLs are not copied from there</source>
        <translation>источник находится на %1, где получение списка расширенных атрибутов разрывает соединение с сервером: расширенные атрибуты и ACL оттуда не копируются</translation>
    </message>
</context>
<context>
    <name>Sluice::PartFile</name>
    <message>
        <source>“%1” was replaced or removed by someone else while it was being written; it was not put in place</source>
        <translation>«%1» заменили или удалили извне во время записи; окончательное имя файлу не присвоено</translation>
    </message>
    <message>
        <source>a part file left by an interrupted copy; copying removes it</source>
        <translation>частичный файл от прерванного копирования; при копировании он будет удалён</translation>
    </message>
    <message>
        <source>a part file left by an interrupted copy was removed</source>
        <translation>удалён частичный файл, оставшийся от прерванного копирования</translation>
    </message>
</context>
<context>
    <name>Sluice::Planner</name>
    <message>
        <source>no source given</source>
        <translation>не указан источник</translation>
    </message>
    <message>
        <source>no destination given</source>
        <translation>не указано назначение</translation>
    </message>
    <message>
        <source>several sources need a destination folder</source>
        <translation>для нескольких источников назначением должна быть папка</translation>
    </message>
    <message>
        <source>the destination folder does not exist</source>
        <translation>папка назначения не существует</translation>
    </message>
    <message>
        <source>the destination&apos;s folder is not usable</source>
        <translation>папка, в которой должно находиться назначение, недоступна</translation>
    </message>
    <message>
        <source>the root folder cannot be copied as a whole; name the folders inside it</source>
        <translation>корневую папку нельзя скопировать целиком; укажите папки внутри неё</translation>
    </message>
    <message>
        <source>symbolic link loop: it leads back to a folder that contains it; not followed</source>
        <translation>цикл символических ссылок: ссылка ведёт в папку, которая её содержит; переход по ней не выполнялся</translation>
    </message>
    <message>
        <source>the folder “%1” in that path: %2</source>
        <translation>папка «%1» в этом пути: %2</translation>
    </message>
    <message>
        <source>it leads to “%1” through a symbolic link: %2</source>
        <translation>он ведёт через символическую ссылку к «%1»: %2</translation>
    </message>
    <message>
        <source>“%1” in that path leads to “%2” through a symbolic link: %3</source>
        <translation>«%1» в этом пути ведёт через символическую ссылку к «%2»: %3</translation>
    </message>
    <message>
        <source>%1: it is never looked up there, as that breaks the connection to the server</source>
        <translation>%1: этот путь там никогда не запрашивается, так как это разрывает соединение с сервером</translation>
    </message>
</context>
<context>
    <name>Sluice::Preflight</name>
    <message>
        <source>larger than %1 can store in one file (%2 bytes at most)</source>
        <translation>больше, чем %1 может хранить в одном файле (байт: не более %L2)</translation>
    </message>
    <message>
        <source>%1 ignores letter case, so this name and another in the same folder become one</source>
        <translation>%1 не различает регистр букв, поэтому это имя совпадёт с другим в той же папке</translation>
    </message>
    <message>
        <source>%1 cannot store symbolic links</source>
        <translation>%1 не может хранить символические ссылки</translation>
    </message>
    <message>
        <source>%1 cannot store FIFOs, sockets or device nodes</source>
        <translation>%1 не может хранить FIFO, сокеты и файлы устройств</translation>
    </message>
    <message>
        <source>on the %1 pseudo file system: sizes are unknown until the content is read, so progress is approximate</source>
        <translation>в псевдофайловой системе %1: размеры неизвестны до чтения содержимого, поэтому ход копирования показан приблизительно</translation>
    </message>
    <message>
        <source>%1 ignores letter case: this file would take the place of the copy of “%2”; the “rename” policy keeps both</source>
        <translation>%1 не различает регистр букв: этот файл занял бы место копии «%2»; правило «Переименовать копию» сохраняет оба</translation>
    </message>
    <message>
        <source>%1 holds at most %2 bytes in one file</source>
        <translation>%1 хранит в одном файле не более %L2 байт</translation>
    </message>
    <message>
        <source>cannot copy a folder into itself: the destination “%1” is inside it</source>
        <translation>нельзя скопировать папку в саму себя: назначение «%1» находится внутри неё</translation>
    </message>
    <message>
        <source>source and destination “%1” are the same file</source>
        <translation>источник и назначение «%1» — один и тот же файл</translation>
    </message>
    <message>
        <source>not enough free space: the copy needs %1, %2 are available</source>
        <translation>недостаточно свободного места: для копии нужно %1, доступно %2</translation>
    </message>
    <message>
        <source>the checksum file already exists; choose a new name</source>
        <translation>файл контрольных сумм уже существует; выберите другое имя</translation>
    </message>
    <message>
        <source>the copy of “%1” will have this name; choose another name for the checksum file</source>
        <translation>копия «%1» получит это имя; выберите другое имя для файла контрольных сумм</translation>
    </message>
    <message>
        <source>the checksum file cannot be written in “%1”: %2</source>
        <translation>файл контрольных сумм нельзя записать в «%1»: %2</translation>
    </message>
    <message>
        <source>it cannot be read; the copy will ask or skip it per the error policy</source>
        <translation>его нельзя прочитать; при копировании будет задан вопрос или он будет пропущен согласно правилу для ошибок</translation>
    </message>
    <message>
        <source>it does not keep modification times</source>
        <translation>она не хранит время изменения</translation>
    </message>
    <message>
        <source>it stores modification times to the nearest %1 s only</source>
        <translation>она хранит время изменения лишь с точностью до %1 с</translation>
    </message>
    <message>
        <source>it resets the modification time on rename (Sluice sets it again on the final name and checks it)</source>
        <translation>она сбрасывает время изменения при переименовании (Sluice устанавливает его заново на окончательном имени и проверяет)</translation>
    </message>
    <message>
        <source>no rename without replacing (RENAME_NOREPLACE): a hard link takes its place</source>
        <translation>нет переименования без замены (RENAME_NOREPLACE): вместо него используется жёсткая ссылка</translation>
    </message>
    <message>
        <source>no rename without replacing (RENAME_NOREPLACE) and no hard links: the final name is checked right before a plain rename, so a file someone creates there in that instant can be replaced</source>
        <translation>нет переименования без замены (RENAME_NOREPLACE) и нет жёстких ссылок: окончательное имя проверяется непосредственно перед обычным переименованием, поэтому файл, созданный кем-то там именно в этот момент, может быть заменён</translation>
    </message>
    <message>
        <source>it does not keep permission bits</source>
        <translation>она не хранит права доступа</translation>
    </message>
    <message>
        <source>no copy_file_range(2): data goes through Sluice&apos;s buffers</source>
        <translation>нет copy_file_range(2): данные проходят через буферы Sluice</translation>
    </message>
    <message>
        <source>a flush reaches the server&apos;s disk only when its SFTP server offers fsync@openssh.com (OpenSSH does), which the client cannot see: &quot;done&quot; may mean the server has the data in memory</source>
        <translation>сброс доходит до диска сервера, только если его SFTP-сервер поддерживает fsync@openssh.com (OpenSSH поддерживает), а клиент этого не видит: «готово» может означать, что данные пока лишь в памяти сервера</translation>
    </message>
    <message>
        <source>a flush is passed to the server, which decides whether it reaches its disk: &quot;done&quot; may mean the server has the data in memory</source>
        <translation>сброс передаётся серверу, который сам решает, дойдёт ли он до диска: «готово» может означать, что данные пока лишь в памяти сервера</translation>
    </message>
    <message>
        <source>the destination is on %1: %2</source>
        <translation>место назначения находится на %1: %2</translation>
    </message>
    <message>
        <source>smbnetfs does not pass a flush on to the server (no SMB2 FLUSH is sent): &quot;done&quot; means the server has received the data, possibly only in its memory</source>
        <translation>smbnetfs не передаёт сброс серверу (SMB2 FLUSH не отправляется): «готово» означает, что сервер получил данные, возможно, лишь в память</translation>
    </message>
    <message>
        <source>it does not keep owners and groups</source>
        <translation>она не хранит владельцев и группы</translation>
    </message>
    <message>
        <source>free space cannot be checked: the file system reports no size (the copy needs %1)</source>
        <translation>свободное место проверить нельзя: файловая система не сообщает размер (для копии нужно %1)</translation>
    </message>
    <message>
        <source>it follows symbolic links (a link on the server looks like what it points to: sshfs -o follow_symlinks), so existing folders there are never copied into</source>
        <translation>она следует по символическим ссылкам (ссылка на сервере выглядит как то, на что она указывает: sshfs -o follow_symlinks), поэтому в уже существующие там папки ничего не копируется</translation>
    </message>
    <message>
        <source>the folder “%1” already exists on %2, which shows a symbolic link on the server as what it points to (mounted with -o follow_symlinks): it may be a link to a folder elsewhere on the server, so nothing is copied into it; remount without follow_symlinks to copy into existing folders</source>
        <translation>папка «%1» уже существует на %2, где символическая ссылка на сервере выглядит как то, на что она указывает (подключено с -o follow_symlinks): это может быть ссылка на папку в другом месте сервера, поэтому в неё ничего не копируется; чтобы копировать в существующие папки, подключите заново без follow_symlinks</translation>
    </message>
    <message>
        <source>%1 shows a symbolic link as what it points to (mounted with -o follow_symlinks): a link made there cannot be told from its target, so symbolic links are not copied there</source>
        <translation>%1 показывает символическую ссылку как то, на что она указывает (подключено с -o follow_symlinks): созданную там ссылку нельзя отличить от её цели, поэтому символические ссылки туда не копируются</translation>
    </message>
    <message>
        <source>the source is on %1, which shows a symbolic link on the server as what it points to (mounted with -o follow_symlinks): a link to a folder cannot be told from a folder there, and moving it would remove the files of the folder it points to, outside what you chose; nothing of it is moved. Copy it instead, or remount without follow_symlinks to move folders</source>
        <translation>источник находится на %1, где символическая ссылка на сервере выглядит как то, на что она указывает (подключено с -o follow_symlinks): ссылку на папку там нельзя отличить от папки, и её перемещение удалило бы файлы папки, на которую она указывает, за пределами выбранного вами; ничего из этого не перемещается. Скопируйте вместо этого или подключите заново без follow_symlinks, чтобы перемещать папки</translation>
    </message>
</context>
<context>
    <name>Sluice::Resume</name>
    <message>
        <source>the source was replaced since the interruption</source>
        <translation>источник был заменён после прерывания</translation>
    </message>
    <message>
        <source>the source changed size since the interruption (%1 bytes, then %2)</source>
        <translation>размер источника изменился после прерывания (%1 байт, ранее %2)</translation>
    </message>
    <message>
        <source>the source changed since the interruption</source>
        <translation>источник изменился после прерывания</translation>
    </message>
    <message>
        <source>the part file of the interrupted copy is gone or was replaced</source>
        <translation>частичный файл прерванного копирования исчез или был заменён</translation>
    </message>
    <message>
        <source>another copy is writing the part file</source>
        <translation>частичный файл записывает другое копирование</translation>
    </message>
    <message>
        <source>the part file is shorter than its checkpoint (%1 bytes of %2)</source>
        <translation>частичный файл короче своей контрольной точки (%1 байт из %2)</translation>
    </message>
    <message>
        <source>the part file cannot be truncated to its checkpoint: %1</source>
        <translation>не удалось обрезать частичный файл до контрольной точки: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::BufferGauge</name>
    <message numerus="yes">
        <source>%1 of %2 buffers in use</source>
        <translation>
            <numerusform>Занято буферов: %1 из %2</numerusform>
            <numerusform>Занято буферов: %1 из %2</numerusform>
            <numerusform>Занято буферов: %1 из %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::CollisionDialog</name>
    <message>
        <source>folder</source>
        <translation>папка</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Переименовать</translation>
    </message>
    <message>
        <source>Copy under the name on the left; the existing file stays</source>
        <translation>Скопировать под именем слева; существующий файл останется</translation>
    </message>
    <message>
        <source>&amp;Apply to all remaining conflicts</source>
        <translation>Применить ко &amp;всем оставшимся конфликтам</translation>
    </message>
    <message>
        <source>A file with this name exists</source>
        <translation>Файл с таким именем уже существует</translation>
    </message>
    <message>
        <source>“%1” already exists in “%2”.</source>
        <translation>«%1» уже существует в «%2».</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>Изменён</translation>
    </message>
    <message>
        <source>newer</source>
        <translation>новее</translation>
    </message>
    <message>
        <source>Being copied:</source>
        <translation>Копируемый:</translation>
    </message>
    <message>
        <source>Already there:</source>
        <translation>Существующий:</translation>
    </message>
    <message>
        <source>A free name in the same folder; you can change it</source>
        <translation>Свободное имя в той же папке; его можно изменить</translation>
    </message>
    <message>
        <source>New name</source>
        <translation>Новое имя</translation>
    </message>
    <message>
        <source>New &amp;name:</source>
        <translation>Новое &amp;имя:</translation>
    </message>
    <message>
        <source>Give every later conflict of this copy the same answer (Rename then picks numbered names)</source>
        <translation>Дать тот же ответ на все последующие конфликты этого копирования («Переименовать» тогда выбирает имена с номерами)</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>Пере&amp;записать</translation>
    </message>
    <message>
        <source>Replace the existing file; it is swapped only once the new copy is complete</source>
        <translation>Заменить существующий файл; замена происходит только после того, как новая копия готова</translation>
    </message>
    <message>
        <source>Overwrite if ne&amp;wer</source>
        <translation>Перезаписать, если &amp;новее</translation>
    </message>
    <message>
        <source>Replace the existing file only if the one being copied was modified later</source>
        <translation>Заменить существующий файл, только если копируемый изменён позже</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>Проп&amp;устить</translation>
    </message>
    <message>
        <source>Leave the existing file and do not copy this one</source>
        <translation>Оставить существующий файл и не копировать этот</translation>
    </message>
    <message>
        <source>&amp;Cancel copy</source>
        <translation>&amp;Отменить копирование</translation>
    </message>
    <message>
        <source>Stop the whole copy; files already copied stay</source>
        <translation>Остановить всё копирование; уже скопированные файлы останутся</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::CopyAgainDialog</name>
    <message>
        <source>Copy again</source>
        <translation>Копировать ещё раз</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Спрашивать</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Перезаписать</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Пропустить</translation>
    </message>
    <message>
        <source>Rename the copy (“name (2).ext”)</source>
        <translation>Переименовать копию («имя (2).ext»)</translation>
    </message>
    <message>
        <source>Overwrite if newer</source>
        <translation>Перезаписать, если новее</translation>
    </message>
    <message>
        <source>The same sources are copied into the same folder again.</source>
        <translation>Те же источники будут снова скопированы в ту же папку.</translation>
    </message>
    <message>
        <source>&amp;When a name exists:</source>
        <translation>Если &amp;имя занято:</translation>
    </message>
    <message>
        <source>Co&amp;py</source>
        <extracomment>Starts the copy again. Its mnemonic differs from the Cancel button&apos;s, which the platform theme may give one of its own (GTK: &quot;&amp;Cancel&quot;, Alt+C).</extracomment>
        <translation>&amp;Копировать</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::DestinationField</name>
    <message>
        <source>C&amp;hoose…</source>
        <translation>Вы&amp;брать…</translation>
    </message>
    <message>
        <source>Folder to copy into: type, choose or drop one</source>
        <translation>Папка назначения: введите, выберите или перетащите сюда</translation>
    </message>
    <message>
        <source>The folder the sources are copied into. Recently used folders are in the list; you can also drop a folder here.</source>
        <translation>Папка, в которую копируются источники. Недавно использованные папки есть в списке; сюда можно также перетащить папку.</translation>
    </message>
    <message>
        <source>Destination folder</source>
        <translation>Папка назначения</translation>
    </message>
    <message>
        <source>Choose the destination folder (Ctrl+D)</source>
        <translation>Выбрать папку назначения (Ctrl+D)</translation>
    </message>
    <message>
        <source>Copy into folder</source>
        <translation>Копировать в папку</translation>
    </message>
    <message>
        <source>Drop exactly one folder on the destination field.</source>
        <translation>Перетащите в поле назначения ровно одну папку.</translation>
    </message>
    <message>
        <source>“%1” no longer exists.</source>
        <translation>«%1» больше не существует.</translation>
    </message>
    <message>
        <source>“%1” is not a folder; drop a folder to copy into.</source>
        <translation>«%1» — не папка; перетащите сюда папку, в которую нужно копировать.</translation>
    </message>
    <message>
        <source>Drop to copy into this folder</source>
        <translation>Отпустите, чтобы скопировать в эту папку</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::EjectControl</name>
    <message>
        <source>E&amp;ject the drive when done</source>
        <translation>&amp;Извлечь диск по завершении</translation>
    </message>
    <message>
        <source>When everything is copied and on the drive, unmount it and power it off, so that it can be unplugged</source>
        <translation>Когда всё скопировано и записано на диск, отмонтировать и выключить его, чтобы его можно было отсоединить</translation>
    </message>
    <message>
        <source>E&amp;ject “%1” when done</source>
        <translation>&amp;Извлечь «%1» по завершении</translation>
    </message>
    <message>
        <source>The drive was not ejected: the copy did not complete.</source>
        <translation>Диск не извлечён: копирование не завершилось.</translation>
    </message>
    <message>
        <source>“%1” can be safely unplugged.</source>
        <translation>«%1» можно безопасно отсоединить.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::ErrorDialog</name>
    <message>
        <source>An item could not be copied</source>
        <translation>Не удалось скопировать элемент</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>Путь:</translation>
    </message>
    <message>
        <source>Cause:</source>
        <translation>Причина:</translation>
    </message>
    <message>
        <source>Copying:</source>
        <translation>Источник:</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>Назначение:</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>П&amp;овторить</translation>
    </message>
    <message>
        <source>Try the same operation again (after freeing space, reconnecting the drive…)</source>
        <translation>Повторить ту же операцию (после освобождения места, повторного подключения диска…)</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>&amp;Пропустить</translation>
    </message>
    <message>
        <source>Leave this item out and go on; it is listed at the end</source>
        <translation>Пропустить этот элемент и продолжить; он будет указан в итоговом списке</translation>
    </message>
    <message>
        <source>Skip &amp;all</source>
        <translation>Пропустить &amp;все</translation>
    </message>
    <message>
        <source>Leave out this and every later failing item without asking</source>
        <translation>Пропускать этот и все последующие элементы с ошибками, не спрашивая</translation>
    </message>
    <message>
        <source>A&amp;bort</source>
        <translation>Прерв&amp;ать</translation>
    </message>
    <message>
        <source>Stop the copy here; files already copied stay</source>
        <translation>Остановить копирование на этом месте; уже скопированные файлы останутся</translation>
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
        <translation>%1 с</translation>
    </message>
    <message>
        <source>stream (through Sluice&apos;s buffers)</source>
        <translation>поток (через буферы Sluice)</translation>
    </message>
    <message>
        <source>kernel (copy_file_range, no buffers)</source>
        <translation>ядро (copy_file_range, без буферов)</translation>
    </message>
    <message>
        <source>reflink (shared blocks, nothing to move)</source>
        <translation>reflink (общие блоки, перемещать нечего)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 “%2”</source>
        <translation>%1 «%2»</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %2 more like it)</source>
        <translation>
            <numerusform>%1 (и ещё %2 такой же)</numerusform>
            <numerusform>%1 (и ещё %2 таких же)</numerusform>
            <numerusform>%1 (и ещё %2 таких же)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln байт</numerusform>
            <numerusform>%Ln байта</numerusform>
            <numerusform>%Ln байт</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::IssueReport</name>
    <message>
        <source>Done: everything was moved.</source>
        <translation>Готово: всё перемещено.</translation>
    </message>
    <message>
        <source>Done: everything was copied.</source>
        <translation>Готово: всё скопировано.</translation>
    </message>
    <message>
        <source>Done: everything was moved, with warnings.</source>
        <translation>Готово: всё перемещено, но есть предупреждения.</translation>
    </message>
    <message>
        <source>Done: everything was copied, with warnings.</source>
        <translation>Готово: всё скопировано, но есть предупреждения.</translation>
    </message>
    <message>
        <source>Nothing was copied: the copy could not start.</source>
        <translation>Ничего не скопировано: копирование не удалось начать.</translation>
    </message>
    <message>
        <source>Finished, but some items could not be copied.</source>
        <translation>Завершено, но некоторые элементы скопировать не удалось.</translation>
    </message>
    <message>
        <source>Cancelled. The file being copied was removed; finished files were kept.</source>
        <translation>Отменено. Копировавшийся файл удалён; готовые файлы сохранены.</translation>
    </message>
    <message numerus="yes">
        <source>Moved: %1 of %2 items</source>
        <translation>
            <numerusform>Перемещено: %1 из %2 элемента</numerusform>
            <numerusform>Перемещено: %1 из %2 элементов</numerusform>
            <numerusform>Перемещено: %1 из %2 элементов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items</source>
        <translation>
            <numerusform>Скопировано: %1 из %2 элемента</numerusform>
            <numerusform>Скопировано: %1 из %2 элементов</numerusform>
            <numerusform>Скопировано: %1 из %2 элементов</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped: %1 · Failed: %2</source>
        <translation>Пропущено: %1 · С ошибками: %2</translation>
    </message>
    <message>
        <source>Data: %1 of %2</source>
        <translation>Данные: %1 из %2</translation>
    </message>
    <message>
        <source>Time: %1 · Average: %2</source>
        <translation>Время: %1 · В среднем: %2</translation>
    </message>
    <message>
        <source>Sluice&apos;s peak memory: %1</source>
        <translation>Пиковый расход памяти Sluice: %1</translation>
    </message>
    <message>
        <source>Sluice: move report</source>
        <translation>Sluice: отчёт о перемещении</translation>
    </message>
    <message>
        <source>Sluice: copy report</source>
        <translation>Sluice: отчёт о копировании</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Источник: %1</translation>
    </message>
    <message>
        <source>Destination: %1</source>
        <translation>Назначение: %1</translation>
    </message>
    <message>
        <source>No problems.</source>
        <translation>Проблем нет.</translation>
    </message>
    <message>
        <source>Problems (%1):</source>
        <translation>Проблемы (%1):</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>ошибка: %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>предупреждение: %1</translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was moved, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Готово: ничего не перемещено, пропущен %Ln элемент.</numerusform>
            <numerusform>Готово: ничего не перемещено, пропущены все %Ln элемента.</numerusform>
            <numerusform>Готово: ничего не перемещено, пропущены все %Ln элементов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was copied, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Готово: ничего не скопировано, пропущен %Ln элемент.</numerusform>
            <numerusform>Готово: ничего не скопировано, пропущены все %Ln элемента.</numerusform>
            <numerusform>Готово: ничего не скопировано, пропущены все %Ln элементов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln skipped</source>
        <translation>
            <numerusform>%Ln пропущен</numerusform>
            <numerusform>%Ln пропущено</numerusform>
            <numerusform>%Ln пропущено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln moved, %1.</source>
        <translation>
            <numerusform>Готово: %Ln перемещён, %1.</numerusform>
            <numerusform>Готово: %Ln перемещено, %1.</numerusform>
            <numerusform>Готово: %Ln перемещено, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln copied, %1.</source>
        <translation>
            <numerusform>Готово: %Ln скопирован, %1.</numerusform>
            <numerusform>Готово: %Ln скопировано, %1.</numerusform>
            <numerusform>Готово: %Ln скопировано, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The move was aborted: %1 of %Ln item(s) moved.</source>
        <translation>
            <numerusform>Перемещение прервано: перемещено %1 из %Ln элемента.</numerusform>
            <numerusform>Перемещение прервано: перемещено %1 из %Ln элементов.</numerusform>
            <numerusform>Перемещение прервано: перемещено %1 из %Ln элементов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy was aborted: %1 of %Ln item(s) copied.</source>
        <translation>
            <numerusform>Копирование прервано: скопировано %1 из %Ln элемента.</numerusform>
            <numerusform>Копирование прервано: скопировано %1 из %Ln элементов.</numerusform>
            <numerusform>Копирование прервано: скопировано %1 из %Ln элементов.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Перемещено: %1 из %2 элемента · %3 из %4</numerusform>
            <numerusform>Перемещено: %1 из %2 элементов · %3 из %4</numerusform>
            <numerusform>Перемещено: %1 из %2 элементов · %3 из %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Скопировано: %1 из %2 элемента · %3 из %4</numerusform>
            <numerusform>Скопировано: %1 из %2 элементов · %3 из %4</numerusform>
            <numerusform>Скопировано: %1 из %2 элементов · %3 из %4</numerusform>
        </translation>
    </message>
    <message>
        <source> · merged into existing folders: %1</source>
        <translation> · объединено с существующими папками: %1</translation>
    </message>
    <message>
        <source>Skipped: %1 · %2 (by you %3 · by policy %4 · on error %5) · Failed: %6 · %7</source>
        <translation>Пропущено: %1 · %2 (вами %3 · по правилу %4 · из-за ошибки %5) · С ошибками: %6 · %7</translation>
    </message>
    <message>
        <source>Transfer time: %1 · Average: %2 · Elapsed: %3</source>
        <translation>Время передачи: %1 · В среднем: %2 · Прошло: %3</translation>
    </message>
    <message>
        <source>No data moved · Elapsed: %1</source>
        <translation>Данные не передавались · Прошло: %1</translation>
    </message>
    <message>
        <source>Skipped (%1):</source>
        <translation>Пропущено (%1):</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>пропущено: %1</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>«%1»: %2</translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (внутри %Ln элемент)</numerusform>
            <numerusform> (внутри %Ln элемента)</numerusform>
            <numerusform> (внутри %Ln элементов)</numerusform>
        </translation>
    </message>
    <message>
        <source>No problems · Skipped: %1</source>
        <translation>Проблем нет · Пропущено: %1</translation>
    </message>
    <message>
        <source>Errors: %1 · Warnings: %2</source>
        <translation>Ошибки: %1 · Предупреждения: %2</translation>
    </message>
    <message>
        <source> · Skipped: %1</source>
        <translation> · Пропущено: %1</translation>
    </message>
    <message>
        <source>Stopped. The copy can be resumed: the file being copied and the finished files were kept.</source>
        <translation>Остановлено. Копирование можно возобновить: копировавшийся файл и готовые файлы сохранены.</translation>
    </message>
    <message>
        <source>Not known to be on the server&apos;s disk: %1</source>
        <translation>Неизвестно, записано ли на диск сервера: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::JobQueue</name>
    <message>
        <source>Queued</source>
        <translation>В очереди</translation>
    </message>
    <message>
        <source>Paused (not started)</source>
        <translation>Приостановлено (не начато)</translation>
    </message>
    <message>
        <source>Waiting for its device</source>
        <translation>Ожидает своё устройство</translation>
    </message>
    <message>
        <source>Copying</source>
        <translation>Копирование</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Приостановлено</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Завершено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Прервано</translation>
    </message>
    <message>
        <source>Could not discard the interrupted copy: %1</source>
        <translation>Не удалось отбросить прерванное копирование: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 и ещё %n</numerusform>
            <numerusform>%1 и ещё %n</numerusform>
            <numerusform>%1 и ещё %n</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Измерение…</translation>
    </message>
    <message>
        <source>Move %1, %2, %3, %4</source>
        <translation>Перемещение: %1, %2, %3, %4</translation>
    </message>
    <message>
        <source>Copy %1, %2, %3, %4</source>
        <translation>Копирование: %1, %2, %3, %4</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>не начато</translation>
    </message>
    <message>
        <source>into %1</source>
        <translation>в %1</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>на %1</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Задание</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Ход</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>The queued copy could not be written down in the journal, so it is lost if Sluice ends before it starts: %1</source>
        <translation>Задание из очереди не удалось записать в журнал, поэтому оно пропадёт, если Sluice завершится до его начала: %1</translation>
    </message>
    <message>
        <source>Could not take the copy off the journal: %1</source>
        <translation>Не удалось убрать копирование из журнала: %1</translation>
    </message>
    <message>
        <source>Could not resume the interrupted copy: %1</source>
        <translation>Не удалось возобновить прерванное копирование: %1</translation>
    </message>
    <message>
        <source>Resumed by another program</source>
        <translation>Возобновлено другой программой</translation>
    </message>
    <message>
        <source>Could not save the order of the queue for the next start: %1</source>
        <translation>Не удалось сохранить порядок очереди до следующего запуска: %1</translation>
    </message>
    <message>
        <source>Finished, some not copied</source>
        <translation>Завершено, не всё скопировано</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::LaunchArguments</name>
    <message>
        <source>Sluice copies files and folders with bounded memory and honest progress.
Sources are listed in the window; with --start the copy begins at once.
A second start hands its sources to the window already open.</source>
        <translation>Sluice копирует файлы и папки с ограниченным расходом памяти и честным индикатором хода.
Источники перечисляются в окне; с --start копирование начинается сразу.
Повторный запуск передаёт свои источники уже открытому окну.</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Показать эту справку и выйти.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Показать версию и выйти.</translation>
    </message>
    <message>
        <source>The folder to copy into.</source>
        <translation>Папка, в которую нужно копировать.</translation>
    </message>
    <message>
        <source>DESTINATION</source>
        <translation>НАЗНАЧЕНИЕ</translation>
    </message>
    <message>
        <source>Start copying at once (asks for the destination folder when none is given).</source>
        <translation>Сразу начать копирование (если папка назначения не указана, спросить её).</translation>
    </message>
    <message>
        <source>With --start: move instead of copy (each source item is deleted once its copy is on disk).</source>
        <translation>С --start: переместить вместо копирования (каждый исходный элемент удаляется, как только его копия записана на диск).</translation>
    </message>
    <message>
        <source>Open a new window instead of handing the sources to a window already open.</source>
        <translation>Открыть новое окно вместо передачи источников уже открытому окну.</translation>
    </message>
    <message>
        <source>Files or folders to copy.</source>
        <translation>Файлы или папки для копирования.</translation>
    </message>
    <message>
        <source>[SOURCE...]</source>
        <translation>[ИСТОЧНИК...]</translation>
    </message>
    <message>
        <source>%1: %2
Try &apos;%1 --help&apos;.
</source>
        <translation>%1: %2
Попробуйте «%1 --help».
</translation>
    </message>
    <message>
        <source>%1: not a local file: %2
</source>
        <translation>%1: не локальный файл: %2
</translation>
    </message>
    <message>
        <source>%1: not a local folder: %2
</source>
        <translation>%1: не локальная папка: %2
</translation>
    </message>
    <message>
        <source>%1: --move needs --start
</source>
        <translation>%1: для --move нужен --start
</translation>
    </message>
    <message>
        <source>sluice: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); in a terminal, copy with sluice-cli
</source>
        <translation>sluice: нет экрана, на котором можно открыть окно (DISPLAY и WAYLAND_DISPLAY не заданы); в терминале копируйте с помощью sluice-cli
</translation>
    </message>
    <message>
        <source>SOURCE</source>
        <translation>ИСТОЧНИК</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::LeaveOutField</name>
    <message>
        <source>Lea&amp;ve out:</source>
        <translation>Иск&amp;лючить:</translation>
    </message>
    <message>
        <source>Choic&amp;es</source>
        <translation>&amp;Шаблоны</translation>
    </message>
    <message>
        <source>Hidden files</source>
        <translation>Скрытые файлы</translation>
    </message>
    <message>
        <source>Version control, dependency and build folders</source>
        <translation>Папки системы контроля версий, зависимостей и сборки</translation>
    </message>
    <message>
        <source>Thumbnails and caches</source>
        <translation>Миниатюры и кэши</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Nothing: everything is copied (patterns such as *.tmp &quot;with space.txt&quot;)</source>
        <translation>Ничего: копируется всё (шаблоны вида *.tmp &quot;с пробелом.txt&quot;)</translation>
    </message>
    <message>
        <source>Names or paths to leave out, separated by spaces: *.tmp, node_modules/ (a trailing / means folders only), docs/drafts (a / means a path inside the source), **/cache/. A name with a space goes in quotes or has a backslash before the space: &quot;with space.txt&quot;, &apos;x y&apos;, with\ space.txt. As in a shell, a backslash outside quotes keeps the next character as it is.</source>
        <translation>Исключаемые имена или пути через пробел: *.tmp, node_modules/ (/ в конце — только папки), docs/drafts (/ внутри — путь внутри источника), **/cache/. Имя с пробелом берётся в кавычки или перед пробелом ставится обратная косая черта: &quot;с пробелом.txt&quot;, &apos;x y&apos;, с\ пробелом.txt. Как в оболочке, обратная косая черта вне кавычек оставляет следующий символ как есть.</translation>
    </message>
    <message>
        <source>Add or take out ready-made patterns</source>
        <translation>Добавить или убрать готовые шаблоны</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::MainWindow</name>
    <message>
        <source>No limit</source>
        <translation>Без ограничения</translation>
    </message>
    <message>
        <source> MiB/s</source>
        <translation> MiB/s</translation>
    </message>
    <message>
        <source>Write at most this fast; 0 means no limit. Works while copying: the reader slows down by itself (backpressure).</source>
        <translation>Записывать не быстрее этого; 0 — без ограничения. Действует и во время копирования: чтение само замедляется (обратное давление).</translation>
    </message>
    <message>
        <source>Spee&amp;d limit:</source>
        <translation>О&amp;граничение скорости:</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>Buffers, policies, engine, durability, verification</source>
        <translation>Буферы, правила, механизм, надёжность записи, проверка</translation>
    </message>
    <message>
        <source>&amp;Move</source>
        <translation>&amp;Переместить</translation>
    </message>
    <message>
        <source>Copy, then delete each source item once its copy is on disk</source>
        <translation>Скопировать, затем удалить каждый исходный элемент, как только его копия окажется на диске</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Копировать</translation>
    </message>
    <message>
        <source>Copy the sources into the destination folder</source>
        <translation>Скопировать источники в папку назначения</translation>
    </message>
    <message>
        <source>&amp;Into folder:</source>
        <translation>&amp;В папку:</translation>
    </message>
    <message>
        <source>What to copy</source>
        <translation>Что копировать</translation>
    </message>
    <message>
        <source>Add files or folders to copy first.</source>
        <translation>Сначала добавьте файлы или папки для копирования.</translation>
    </message>
    <message>
        <source>The destination folder “%1” does not exist.</source>
        <translation>Папка назначения «%1» не существует.</translation>
    </message>
    <message>
        <source>Cannot use the destination folder “%1”: %2</source>
        <translation>Невозможно использовать папку назначения «%1»: %2</translation>
    </message>
    <message>
        <source>“%1” is not a folder; choose a folder to copy into.</source>
        <translation>«%1» — не папка; выберите папку, в которую нужно копировать.</translation>
    </message>
    <message>
        <source>Not added: “%1” no longer exists.</source>
        <translation>Не добавлено: «%1» больше не существует.</translation>
    </message>
    <message>
        <source>Not added: “%1”: %2</source>
        <translation>Не добавлено: «%1»: %2</translation>
    </message>
    <message>
        <source>Sluice</source>
        <translation>Sluice</translation>
    </message>
    <message>
        <source>%1 copied · Sluice</source>
        <translation>Скопировано %1 · Sluice</translation>
    </message>
    <message>
        <source>A copy is running</source>
        <translation>Идёт копирование</translation>
    </message>
    <message>
        <source>Cancel the copy and close Sluice?</source>
        <translation>Отменить копирование и закрыть Sluice?</translation>
    </message>
    <message>
        <source>The file being copied is removed; files already copied stay. Nothing is left half-written.</source>
        <translation>Копируемый файл будет удалён; уже скопированные файлы останутся. Недописанных файлов не останется.</translation>
    </message>
    <message>
        <source>Cancel copy and close</source>
        <translation>Отменить и закрыть</translation>
    </message>
    <message>
        <source>Keep copying</source>
        <translation>Продолжить копирование</translation>
    </message>
    <message>
        <source>Not added: “%1” is not a local file.</source>
        <translation>Не добавлено: «%1» — не локальный файл.</translation>
    </message>
    <message>
        <source>“%1” is already in the list.</source>
        <translation>«%1» уже есть в списке.</translation>
    </message>
    <message>
        <source>Cancel the copy?</source>
        <translation>Отменить копирование?</translation>
    </message>
    <message>
        <source>Cancel copy</source>
        <translation>Отменить копирование</translation>
    </message>
    <message numerus="yes">
        <source>%n copies were kept for later; resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n копирование отложено на потом; возобновите или отбросьте его в очереди.</numerusform>
            <numerusform>%n копирования отложены на потом; возобновите или отбросьте их в очереди.</numerusform>
            <numerusform>%n копирований отложено на потом; возобновите или отбросьте их в очереди.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n copies were interrupted: %1 of %2 left. Resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n копирование прервано: осталось %1 из %2. Возобновите или отбросьте его в очереди.</numerusform>
            <numerusform>%n копирования прерваны: осталось %1 из %2. Возобновите или отбросьте их в очереди.</numerusform>
            <numerusform>%n копирований прервано: осталось %1 из %2. Возобновите или отбросьте их в очереди.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs are queued</source>
        <translation>В очереди есть задания</translation>
    </message>
    <message numerus="yes">
        <source>Keep the %n queued jobs for the next start?</source>
        <translation>
            <numerusform>Сохранить %n задание из очереди до следующего запуска?</numerusform>
            <numerusform>Сохранить %n задания из очереди до следующего запуска?</numerusform>
            <numerusform>Сохранить %n заданий из очереди до следующего запуска?</numerusform>
        </translation>
    </message>
    <message>
        <source>Kept jobs are offered again, to resume or discard, when Sluice starts.</source>
        <translation>При запуске Sluice сохранённые задания будут снова предложены — возобновить или отбросить.</translation>
    </message>
    <message>
        <source>Keep for next start</source>
        <translation>Сохранить до запуска</translation>
    </message>
    <message numerus="yes">
        <source>Discard them</source>
        <translation>
            <numerusform>Отбросить</numerusform>
            <numerusform>Отбросить</numerusform>
            <numerusform>Отбросить</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not keep a queued job for later: %1</source>
        <translation>Не удалось сохранить задание из очереди на потом: %1</translation>
    </message>
    <message>
        <source>Cancelling removes the file being copied. Stop, resume later keeps it and the queued jobs, to go on from there when Sluice starts again. Files already copied stay either way.</source>
        <translation>Отмена удаляет копируемый файл. «Отложить» сохраняет его и задания в очереди, чтобы продолжить с этого места при следующем запуске Sluice. Уже скопированные файлы остаются в любом случае.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::NoticeBar</name>
    <message>
        <source>Dismiss these messages</source>
        <translation>Скрыть эти сообщения</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Скрыть</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::PreflightDialog</name>
    <message>
        <source>Check before copying</source>
        <translation>Проверка перед копированием</translation>
    </message>
    <message>
        <source>Nothing has been written yet. The checks before copying found these problems:</source>
        <translation>Пока ничего не записано. Проверка перед копированием обнаружила следующие проблемы:</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Проблема</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Путь</translation>
    </message>
    <message>
        <source>Copy anyway to go ahead: items that do not fit or cannot be stored fail one by one and are listed at the end.</source>
        <translation>Чтобы продолжить, нажмите «Всё равно копировать»: элементы, которые не помещаются или не могут быть сохранены, не скопируются и будут перечислены в конце.</translation>
    </message>
    <message>
        <source>Copy &amp;anyway</source>
        <translation>&amp;Всё равно копировать</translation>
    </message>
    <message>
        <source>Start copying despite these problems</source>
        <translation>Начать копирование, несмотря на эти проблемы</translation>
    </message>
    <message>
        <source>&amp;Cancel copy</source>
        <translation>&amp;Отменить копирование</translation>
    </message>
    <message>
        <source>Do not copy anything</source>
        <translation>Ничего не копировать</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::QueuePanel</name>
    <message>
        <source>&amp;Queue</source>
        <translation>&amp;Очередь</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Выше</translation>
    </message>
    <message>
        <source>Run the selected job earlier</source>
        <translation>Выполнить выбранное задание раньше</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Ниже</translation>
    </message>
    <message>
        <source>Run the selected job later</source>
        <translation>Выполнить выбранное задание позже</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Убрать</translation>
    </message>
    <message>
        <source>Pause job</source>
        <translation>Приостановить</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Убрать готовые</translation>
    </message>
    <message>
        <source>Stop, resume later</source>
        <translation>Отложить</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Задания</translation>
    </message>
    <message>
        <source>Take the selected job off the queue (Delete)</source>
        <translation>Убрать выбранное задание из очереди (Delete)</translation>
    </message>
    <message>
        <source>Hold the selected job back, or let it go on</source>
        <translation>Придержать выбранное задание или продолжить его</translation>
    </message>
    <message>
        <source>Stop the selected job and keep what it copied, the file being copied included, to resume it later</source>
        <translation>Остановить выбранное задание и сохранить скопированное, включая копируемый файл, чтобы возобновить его позже</translation>
    </message>
    <message>
        <source>Take the ended jobs and their history off the list</source>
        <translation>Убрать из списка завершённые задания и их историю</translation>
    </message>
    <message>
        <source>Resume job</source>
        <translation>Возобновить</translation>
    </message>
    <message>
        <source>Discard the interrupted copy?</source>
        <translation>Отбросить прерванное копирование?</translation>
    </message>
    <message>
        <source>The part of the file it was copying is deleted, and the copy can no longer be resumed. The sources are not touched.</source>
        <translation>Уже скопированная часть текущего файла удаляется, и копирование больше нельзя будет возобновить. Источники не затрагиваются.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Отбросить</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Оставить</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::RateChart</name>
    <message>
        <source>Read and write rates over the last minute</source>
        <translation>Скорость чтения и записи за последнюю минуту</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Чтение</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>Sluice&apos;s memory</source>
        <translation>Память Sluice</translation>
    </message>
    <message>
        <source>System write cache</source>
        <translation>Системный кэш записи</translation>
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
        <translation>%.0f с</translation>
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
        <translation>&amp;Следовать символическим ссылкам (копировать то, на что они указывают)</translation>
    </message>
    <message>
        <source>&amp;Archive: also keep owner, extended attributes, ACLs and hard links</source>
        <translation>&amp;Архив: сохранять также владельца, расширенные атрибуты, ACL и жёсткие ссылки</translation>
    </message>
    <message>
        <source>Show the rate c&amp;hart while copying</source>
        <translation>Показывать &amp;график скорости при копировании</translation>
    </message>
    <message>
        <source>Sluice settings</source>
        <translation>Настройки Sluice</translation>
    </message>
    <message>
        <source>Bytes per buffer. 256 KiB to 16 MiB perform about the same; 64 KiB costs more processor time.</source>
        <translation>Байт на буфер. От 256 KiB до 16 MiB скорость примерно одинакова; 64 KiB требуют больше процессорного времени.</translation>
    </message>
    <message>
        <source>Buffers between the reader and the writer. More buffers absorb longer hiccups; memory grows with them.</source>
        <translation>Буферы между чтением и записью. Больше буферов сглаживают более долгие задержки; расход памяти растёт вместе с ними.</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Спрашивать</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Перезаписать</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Пропустить</translation>
    </message>
    <message>
        <source>Rename the copy (“name (2).ext”)</source>
        <translation>Переименовать копию («имя (2).ext»)</translation>
    </message>
    <message>
        <source>Overwrite if newer</source>
        <translation>Перезаписать, если новее</translation>
    </message>
    <message>
        <source>Retry three times, then skip</source>
        <translation>Повторить три раза, затем пропустить</translation>
    </message>
    <message>
        <source>Skip the item</source>
        <translation>Пропустить элемент</translation>
    </message>
    <message>
        <source>Stop the copy</source>
        <translation>Остановить копирование</translation>
    </message>
    <message>
        <source>Automatic (reflink, then kernel, then stream)</source>
        <translation>Автоматически (reflink, затем ядро, затем поток)</translation>
    </message>
    <message>
        <source>Stream: through Sluice&apos;s buffers</source>
        <translation>Поток: через буферы Sluice</translation>
    </message>
    <message>
        <source>Needed for verification and the speed limit on every byte</source>
        <translation>Нужен для проверки и для ограничения скорости, действующего на каждый байт</translation>
    </message>
    <message>
        <source>Kernel: copy_file_range</source>
        <translation>Ядро: copy_file_range</translation>
    </message>
    <message>
        <source>Reflink: share blocks (copy-on-write file systems)</source>
        <translation>Reflink: общие блоки (файловые системы с копированием при записи)</translation>
    </message>
    <message>
        <source>Whole copy: flush behind, one sync at the end</source>
        <translation>Всё копирование: сброс по ходу, одна синхронизация в конце</translation>
    </message>
    <message>
        <source>Every file: sync each file before it gets its name</source>
        <translation>Каждый файл: синхронизировать файл, прежде чем он получит своё имя</translation>
    </message>
    <message>
        <source>None: leave it to the system</source>
        <translation>Нет: оставить системе</translation>
    </message>
    <message>
        <source>Faster, but “done” may come while data is still in memory</source>
        <translation>Быстрее, но «готово» может появиться, когда данные ещё в памяти</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>xxHash (fast)</source>
        <translation>xxHash (быстро)</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Hash while copying, then read each copy back from the disk and compare</source>
        <translation>Вычислять хеш при копировании, затем читать каждую копию с диска и сравнивать</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Буферы</translation>
    </message>
    <message>
        <source>Chunk si&amp;ze:</source>
        <translation>Размер &amp;блока:</translation>
    </message>
    <message>
        <source>&amp;Queue depth:</source>
        <translation>Глубина &amp;очереди:</translation>
    </message>
    <message>
        <source>When copying</source>
        <translation>При копировании</translation>
    </message>
    <message>
        <source>If a &amp;name exists:</source>
        <translation>Если &amp;имя занято:</translation>
    </message>
    <message>
        <source>If an item fa&amp;ils:</source>
        <translation>При о&amp;шибке:</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>Ме&amp;ханизм:</translation>
    </message>
    <message>
        <source>&amp;Durability:</source>
        <translation>&amp;Надёжность записи:</translation>
    </message>
    <message>
        <source>&amp;Verify copies:</source>
        <translation>&amp;Проверять копии:</translation>
    </message>
    <message>
        <source>Memory for data: %1 × %2 = %3, whatever the file size</source>
        <translation>Память для данных: %1 × %2 = %3 при любом размере файлов</translation>
    </message>
    <message>
        <source>Verification reads the data as it passes through Sluice; the reflink engine moves none. Choose another engine or turn verification off.</source>
        <translation>Проверка читает данные, проходящие через Sluice, а механизм reflink их не перемещает. Выберите другой механизм или отключите проверку.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourceListModel</name>
    <message>
        <source>Entries that could not be read (not counted): %1</source>
        <translation>Записи, которые не удалось прочитать (не учтены): %1</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>подсчёт…</translation>
    </message>
    <message>
        <source>link or special</source>
        <translation>ссылка или спецфайл</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>In folder</source>
        <translation>В папке</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Элементы</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>ничего</translation>
    </message>
    <message>
        <source>Left out</source>
        <translation>Исключено</translation>
    </message>
    <message>
        <source>Left out by the filter: %1.</source>
        <translation>Исключено фильтром: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %Ln item(s)</source>
        <translation>
            <numerusform>%1 в %Ln элементе</numerusform>
            <numerusform>%1 в %Ln элементах</numerusform>
            <numerusform>%1 в %Ln элементах</numerusform>
        </translation>
    </message>
    <message>
        <source>Counted: everything the copy would not create, what is inside a folder left out included, and folders left empty by the filter. sluice-cli&apos;s summary counts a folder left out as one item and does not measure what it holds.</source>
        <translation>Учитывается всё, что копирование не создало бы, включая содержимое исключённых папок, а также папки, оставшиеся пустыми из-за фильтра. Итог sluice-cli считает исключённую папку одним элементом и не измеряет её содержимое.</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourceListView</name>
    <message>
        <source>Drop to add to the list</source>
        <translation>Отпустите, чтобы добавить в список</translation>
    </message>
    <message>
        <source>Drop files and folders anywhere on this window,
or use “Add files…” and “Add folder…”.</source>
        <translation>Перетащите файлы и папки в это окно
или нажмите «Добавить файлы…»
или «Добавить папку…».</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourcesPanel</name>
    <message>
        <source>Add &amp;files…</source>
        <translation>Добавить &amp;файлы…</translation>
    </message>
    <message>
        <source>Add f&amp;older…</source>
        <translation>Добавить п&amp;апку…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Убрать</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>О&amp;чистить</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Choose files to copy (Ctrl+O)</source>
        <translation>Выбрать файлы для копирования (Ctrl+O)</translation>
    </message>
    <message>
        <source>Choose a folder to copy (Ctrl+Shift+O)</source>
        <translation>Выбрать папку для копирования (Ctrl+Shift+O)</translation>
    </message>
    <message>
        <source>Take the selected sources off the list (Delete)</source>
        <translation>Убрать выбранные источники из списка (Delete)</translation>
    </message>
    <message>
        <source>Take every source off the list</source>
        <translation>Убрать все источники из списка</translation>
    </message>
    <message>
        <source>Add files to copy</source>
        <translation>Добавить файлы для копирования</translation>
    </message>
    <message>
        <source>Add a folder to copy</source>
        <translation>Добавить папку для копирования</translation>
    </message>
    <message>
        <source>Nothing to copy yet.</source>
        <translation>Пока нечего копировать.</translation>
    </message>
    <message>
        <source>Sources: %1 · Size: %2 · Items: %3</source>
        <translation>Источников: %1 · Размер: %2 · Элементов: %3</translation>
    </message>
    <message>
        <source> (still measuring…)</source>
        <translation> (ещё подсчитывается…)</translation>
    </message>
    <message>
        <source> · Unreadable: %1</source>
        <translation> · Нечитаемых: %1</translation>
    </message>
    <message>
        <source> · Left out: %1</source>
        <translation> · Исключено: %1</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SummaryPanel</name>
    <message>
        <source>&amp;Save list…</source>
        <translation>&amp;Сохранить список…</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Проблема</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Путь</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Проблемы</translation>
    </message>
    <message>
        <source>Save this summary and the list of problems as a text file</source>
        <translation>Сохранить эту сводку и список проблем в текстовый файл</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source> (and %1 more like it)</source>
        <translation>
            <numerusform> (и ещё %1 такой же)</numerusform>
            <numerusform> (и ещё %1 таких же)</numerusform>
            <numerusform> (и ещё %1 таких же)</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the copy report</source>
        <translation>Сохранить отчёт о копировании</translation>
    </message>
    <message>
        <source>Text files (*.txt)</source>
        <translation>Текстовые файлы (*.txt)</translation>
    </message>
    <message>
        <source>Saved the report to “%1”.</source>
        <translation>Отчёт сохранён в «%1».</translation>
    </message>
    <message>
        <source>Could not save the report to “%1”: %2</source>
        <translation>Не удалось сохранить отчёт в «%1»: %2</translation>
    </message>
    <message>
        <source>Copy &amp;again…</source>
        <translation>Копировать &amp;ещё раз…</translation>
    </message>
    <message>
        <source>Retr&amp;y failed and skipped items</source>
        <translation>Повто&amp;рить неудачные и пропущенные</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Пропущенные</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Which entries the list shows</source>
        <translation>Какие записи показывает список</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>Показ&amp;ывать:</translation>
    </message>
    <message>
        <source>Copy the same sources again, choosing what to do with names that exist</source>
        <translation>Скопировать те же источники ещё раз, выбрав, что делать с занятыми именами</translation>
    </message>
    <message>
        <source>Copy only the items that were skipped, each to its place</source>
        <translation>Скопировать только пропущенные элементы, каждый на своё место</translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (внутри %Ln элемент)</numerusform>
            <numerusform> (внутри %Ln элемента)</numerusform>
            <numerusform> (внутри %Ln элементов)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::TransferArea</name>
    <message>
        <source>Transfer</source>
        <translation>Передача</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Пау&amp;за</translation>
    </message>
    <message>
        <source>Pause or resume reading and writing</source>
        <translation>Приостановить или возобновить чтение и запись</translation>
    </message>
    <message>
        <source>S&amp;kip file</source>
        <translation>Пропус&amp;тить файл</translation>
    </message>
    <message>
        <source>Give up the file being copied (its partial copy is removed) and go on with the next</source>
        <translation>Бросить копируемый файл (его частичная копия удаляется) и перейти к следующему</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop the copy: the file being copied is removed, finished files stay</source>
        <translation>Остановить копирование: копируемый файл удаляется, готовые файлы остаются</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Про&amp;должить</translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::TransferPanel</name>
    <message>
        <source>How the current file&apos;s bytes move: stream (through Sluice&apos;s buffers), kernel (copy_file_range, no buffers) or reflink (shared blocks, nothing to move).</source>
        <translation>Как перемещаются байты текущего файла: поток (через буферы Sluice), ядро (copy_file_range, без буферов) или reflink (общие блоки, перемещать нечего).</translation>
    </message>
    <message>
        <source>How fast the source is read into the buffers (bytes per second, over the last seconds; paused time excluded).</source>
        <translation>Как быстро источник читается в буферы (байт в секунду за последние секунды, без учёта пауз).</translation>
    </message>
    <message>
        <source>How fast the destination accepts the data (bytes per second, over the last seconds; paused time excluded).</source>
        <translation>Как быстро назначение принимает данные (байт в секунду за последние секунды, без учёта пауз).</translation>
    </message>
    <message>
        <source>Dirty + Writeback from /proc/meminfo, for the whole system: data the kernel has accepted but not yet stored on a device.</source>
        <translation>Dirty + Writeback из /proc/meminfo для всей системы: данные, которые ядро приняло, но ещё не записало на устройство.</translation>
    </message>
    <message>
        <source>The buffer pool between reading and writing: chunks filled by the reader and not yet written. Full buffers mean the writer is the slow side; the reader then waits (backpressure), so memory never grows.</source>
        <translation>Пул буферов между чтением и записью: блоки, уже прочитанные, но ещё не записанные. Заполненные буферы означают, что медленнее запись; тогда чтение ждёт (обратное давление), поэтому расход памяти не растёт.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Elapsed %1 · about %2 left</source>
        <translation>Прошло %1 · осталось около %2</translation>
    </message>
    <message>
        <source>Total:</source>
        <translation>Всего:</translation>
    </message>
    <message>
        <source>This file:</source>
        <translation>Этот файл:</translation>
    </message>
    <message>
        <source>Reading the source</source>
        <translation>Чтение источника</translation>
    </message>
    <message>
        <source>Buffers in memory</source>
        <translation>Буферы в памяти</translation>
    </message>
    <message>
        <source>Writing the destination</source>
        <translation>Запись в назначение</translation>
    </message>
    <message>
        <source>flows into</source>
        <translation>поступает в</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Готов к работе</translation>
    </message>
    <message>
        <source>System write cache: %1</source>
        <translation>Системный кэш записи: %1</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Приостановлено</translation>
    </message>
    <message>
        <source>Flushing to disk: %1 still to write</source>
        <translation>Сброс на диск: осталось записать %1</translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation>Механизм: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 items</source>
        <translation>
            <numerusform>%1 из %2 элемента</numerusform>
            <numerusform>%1 из %2 элементов</numerusform>
            <numerusform>%1 из %2 элементов</numerusform>
        </translation>
    </message>
    <message>
        <source>time left unknown</source>
        <translation>оставшееся время неизвестно</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>осталось около %1</translation>
    </message>
    <message>
        <source>Elapsed %1 · %2</source>
        <translation>Прошло %1 · %2</translation>
    </message>
    <message>
        <source>%1 of %2 in use, %3 each</source>
        <translation>занято %1 из %2, по %3</translation>
    </message>
    <message>
        <source>System write cache: %1 not yet on disk</source>
        <translation>Системный кэш записи: %1 ещё не на диске</translation>
    </message>
    <message>
        <source>Paused: nothing is read or written until you resume. The buffers keep their data; rates show zero.</source>
        <translation>Приостановлено: до возобновления ничего не читается и не записывается. Буферы сохраняют данные; скорости показывают ноль.</translation>
    </message>
    <message>
        <source>Copy (Ctrl+Return) or Move (Ctrl+Shift+Return) starts; reading, the buffers and writing then show here.</source>
        <translation>«Копировать» (Ctrl+Return) или «Переместить» (Ctrl+Shift+Return) запускает работу; здесь будут видны чтение, буферы и запись.</translation>
    </message>
    <message>
        <source>Listing the files and folders to copy.</source>
        <translation>Составляется список файлов и папок для копирования.</translation>
    </message>
    <message>
        <source>Checking free space, names and limits before the first byte is written.</source>
        <translation>Перед записью первого байта проверяются свободное место, имена и ограничения.</translation>
    </message>
    <message>
        <source>Reading the copy back from the disk to compare checksums.</source>
        <translation>Копия читается с диска для сравнения контрольных сумм.</translation>
    </message>
    <message>
        <source>All data is written; the device is still storing the last %1. Sluice reports done only when it is really on the disk.</source>
        <translation>Все данные записаны; устройство ещё сохраняет последние %1. Sluice сообщит о завершении, только когда они действительно окажутся на диске.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Готово.</translation>
    </message>
    <message>
        <source>The kernel copies this file directly (copy_file_range): the data does not pass through Sluice&apos;s buffers.</source>
        <translation>Ядро копирует этот файл напрямую (copy_file_range): данные не проходят через буферы Sluice.</translation>
    </message>
    <message>
        <source>The file system shares the blocks (reflink): nothing needs to be moved.</source>
        <translation>Файловая система использует общие блоки (reflink): ничего перемещать не нужно.</translation>
    </message>
    <message>
        <source>Copying small files, %1 at a time, each in a single step.</source>
        <translation>Копируются небольшие файлы, по %1 одновременно, каждый за один шаг.</translation>
    </message>
    <message>
        <source>Creating folders, links and small files.</source>
        <translation>Создаются папки, ссылки и небольшие файлы.</translation>
    </message>
    <message>
        <source>Buffers full: the destination is the bottleneck (it writes slower than the source reads). Reading waits for a free buffer, so memory stays flat.</source>
        <translation>Буферы заполнены: узкое место — назначение (запись идёт медленнее чтения источника). Чтение ждёт свободного буфера, поэтому расход памяти не растёт.</translation>
    </message>
    <message>
        <source>Buffers nearly empty: the destination writes as fast as the source delivers, so reading the source is the bottleneck.</source>
        <translation>Буферы почти пусты: назначение записывает данные так же быстро, как они поступают, поэтому узкое место — чтение источника.</translation>
    </message>
    <message>
        <source>Reading and writing keep pace; the buffers absorb short hiccups on either side.</source>
        <translation>Чтение и запись идут в одном темпе; буферы сглаживают короткие задержки с обеих сторон.</translation>
    </message>
    <message>
        <source>Resident set size of the whole Sluice process (window, engine and buffers: all its memory in RAM), and the part of it that is the buffer pool (chunk size × queue depth). It stays flat whatever the file size: the buffers are allocated once.</source>
        <translation>Размер резидентной памяти всего процесса Sluice (окно, механизм копирования и буферы: вся его память в ОЗУ) и доля пула буферов в ней (размер блока × глубина очереди). Он не растёт с размером файла: буферы выделяются один раз.</translation>
    </message>
    <message>
        <source>Waiting for your answer</source>
        <translation>Ожидание вашего ответа</translation>
    </message>
    <message>
        <source>Waiting for %1</source>
        <translation>Ожидание: %1</translation>
    </message>
    <message>
        <source>%1, stopped until you answer</source>
        <translation>%1, остановлено до вашего ответа</translation>
    </message>
    <message>
        <source>Sluice&apos;s memory (whole process): %1, peak %2 · buffer pool %3</source>
        <translation>Память Sluice (весь процесс): %1, пик %2 · пул буферов %3</translation>
    </message>
    <message>
        <source>Another copy is writing to %1; this one starts when it has finished, so that the two do not slow each other down.</source>
        <translation>Другое копирование сейчас пишет в %1; это начнётся, когда оно закончится, чтобы они не замедляли друг друга.</translation>
    </message>
    <message>
        <source>%1 is writing to %2; this copy starts when it has finished, so that the two do not slow each other down.</source>
        <translation>%1 сейчас пишет в %2; это копирование начнётся, когда оно закончится, чтобы они не замедляли друг друга.</translation>
    </message>
</context>
</TS>
