<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Sluice::CopyIssue</name>
    <message numerus="yes">
        <source>Warning: %1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>Warning: %1 “%2” and %n more item: %3</numerusform>
            <numerusform>Warning: %1 “%2” and %n more items: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 “%2” and %n more item(s): %3</source>
        <translation>
            <numerusform>%1 “%2” and %n more item: %3</numerusform>
            <numerusform>%1 “%2” and %n more items: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::BufferGauge</name>
    <message numerus="yes">
        <source>%1 of %2 buffers in use</source>
        <translation>
            <numerusform>%1 of %2 buffer in use</numerusform>
            <numerusform>%1 of %2 buffers in use</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::Format</name>
    <message numerus="yes">
        <source>%1 (and %2 more like it)</source>
        <translation>
            <numerusform>%1 (and %2 more like it)</numerusform>
            <numerusform>%1 (and %2 more like it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::IssueReport</name>
    <message numerus="yes">
        <source>Moved: %1 of %2 items</source>
        <translation>
            <numerusform>Moved: %1 of %2 item</numerusform>
            <numerusform>Moved: %1 of %2 items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items</source>
        <translation>
            <numerusform>Copied: %1 of %2 item</numerusform>
            <numerusform>Copied: %1 of %2 items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was moved, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Done: nothing was moved, the %Ln item was skipped.</numerusform>
            <numerusform>Done: nothing was moved, all %Ln items skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: nothing was copied, all %Ln item(s) skipped.</source>
        <translation>
            <numerusform>Done: nothing was copied, the %Ln item was skipped.</numerusform>
            <numerusform>Done: nothing was copied, all %Ln items skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln skipped</source>
        <translation>
            <numerusform>%Ln skipped</numerusform>
            <numerusform>%Ln skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln moved, %1.</source>
        <translation>
            <numerusform>Done: %Ln moved, %1.</numerusform>
            <numerusform>Done: %Ln moved, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %Ln copied, %1.</source>
        <translation>
            <numerusform>Done: %Ln copied, %1.</numerusform>
            <numerusform>Done: %Ln copied, %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The move was aborted: %1 of %Ln item(s) moved.</source>
        <translation>
            <numerusform>The move was aborted: %1 of %Ln item moved.</numerusform>
            <numerusform>The move was aborted: %1 of %Ln items moved.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy was aborted: %1 of %Ln item(s) copied.</source>
        <translation>
            <numerusform>The copy was aborted: %1 of %Ln item copied.</numerusform>
            <numerusform>The copy was aborted: %1 of %Ln items copied.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Moved: %1 of %2 item · %3 of %4</numerusform>
            <numerusform>Moved: %1 of %2 items · %3 of %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied: %1 of %2 items · %3 of %4</source>
        <translation>
            <numerusform>Copied: %1 of %2 item · %3 of %4</numerusform>
            <numerusform>Copied: %1 of %2 items · %3 of %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (with %Ln item inside)</numerusform>
            <numerusform> (with %Ln items inside)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::JobQueue</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::MainWindow</name>
    <message numerus="yes">
        <source>%n copies were kept for later; resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n copy was kept for later; resume or discard it in the queue.</numerusform>
            <numerusform>%n copies were kept for later; resume or discard them in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n copies were interrupted: %1 of %2 left. Resume or discard them in the queue.</source>
        <translation>
            <numerusform>%n copy was interrupted: %1 of %2 left. Resume or discard it in the queue.</numerusform>
            <numerusform>%n copies were interrupted: %1 of %2 left. Resume or discard them in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep the %n queued jobs for the next start?</source>
        <translation>
            <numerusform>Keep the queued job for the next start?</numerusform>
            <numerusform>Keep the %n queued jobs for the next start?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Discard them</source>
        <translation>
            <numerusform>Discard it</numerusform>
            <numerusform>Discard them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SourceListModel</name>
    <message numerus="yes">
        <source>%1 in %Ln item(s)</source>
        <translation>
            <numerusform>%1 in %Ln item</numerusform>
            <numerusform>%1 in %Ln items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::SummaryPanel</name>
    <message numerus="yes">
        <source> (and %1 more like it)</source>
        <translation>
            <numerusform> (and %1 more like it)</numerusform>
            <numerusform> (and %1 more like it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (with %Ln item(s) inside)</source>
        <translation>
            <numerusform> (with %Ln item inside)</numerusform>
            <numerusform> (with %Ln items inside)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Sluice::Ui::TransferPanel</name>
    <message numerus="yes">
        <source>%1 of %2 items</source>
        <translation>
            <numerusform>%1 of %2 item</numerusform>
            <numerusform>%1 of %2 items</numerusform>
        </translation>
    </message>
</context>
</TS>
