#include "confirmationboxes.h"

#include "mainwindow.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

namespace Sluice::Ui {

ConfirmationBox cancelConfirmationBox(QWidget *window, bool closing)
{
    const QString question = closing ? MainWindow::tr("Cancel the copy and close Sluice?")
                                     : MainWindow::tr("Cancel the copy?");
    auto *box = new QMessageBox(QMessageBox::Question, MainWindow::tr("A copy is running"),
                                question, QMessageBox::NoButton, window);
    box->setObjectName(closing ? QStringLiteral("closeWhileCopyingBox")
                               : QStringLiteral("cancelCopyBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(
        closing ? MainWindow::tr("Cancelling removes the file being copied. Stop, resume later "
                                 "keeps it and the queued jobs, to go on from there when Sluice "
                                 "starts again. Files already copied stay either way.")
                : MainWindow::tr("The file being copied is removed; files already "
                                 "copied stay. Nothing is left half-written."));
    auto *confirm = box->addButton(closing ? MainWindow::tr("Cancel copy and close")
                                           : MainWindow::tr("Cancel copy"),
                                   QMessageBox::DestructiveRole);
    confirm->setObjectName(closing ? QStringLiteral("cancelAndCloseButton")
                                   : QStringLiteral("confirmCancelButton"));
    QAbstractButton *later = nullptr;
    if (closing) {
        // The queue panel's button of the same name: the same words in every language.
        later = box->addButton(
            QCoreApplication::translate("Sluice::Ui::QueuePanel", "Stop, resume later"),
            QMessageBox::AcceptRole);
        later->setObjectName(QStringLiteral("stopForLaterAndCloseButton"));
    }
    auto *keep = box->addButton(MainWindow::tr("Keep copying"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepCopyingButton"));
    box->setDefaultButton(keep);
    return {box, confirm, keep, nullptr, later};
}

ConfirmationBox keepQueuedBox(QWidget *window, int waiting)
{
    auto *box = new QMessageBox(
        QMessageBox::Question, MainWindow::tr("Jobs are queued"),
        MainWindow::tr("Keep the %n queued jobs for the next start?", nullptr, waiting),
        QMessageBox::NoButton, window);
    box->setObjectName(QStringLiteral("keepQueuedBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(MainWindow::tr("Kept jobs are offered again, to resume or discard, "
                                           "when Sluice starts."));
    auto *keep = box->addButton(MainWindow::tr("Keep for next start"), QMessageBox::AcceptRole);
    keep->setObjectName(QStringLiteral("keepQueuedButton"));
    auto *discard = box->addButton(MainWindow::tr("Discard them", nullptr, waiting),
                                   QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardQueuedButton"));
    auto *stay = box->addButton(QMessageBox::Cancel);
    stay->setObjectName(QStringLiteral("stayOpenButton"));
    box->setDefaultButton(keep);
    return {box, discard, keep, stay};
}

} // namespace Sluice::Ui
