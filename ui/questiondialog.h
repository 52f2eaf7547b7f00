#pragma once

#include "copyquestion.h"

#include <QDialog>

namespace Sluice::Ui {

/// Base of the dialogs that answer the core's questions. Non-modal towards the job: shown
/// with open() (window-modal, returns at once), never exec(), so the event loop and the
/// progress keep running while the person decides. Emits answered() once, then closes.
/// GUI thread.
class QuestionDialog : public QDialog
{
    Q_OBJECT
public:
    const CopyQuestion &question() const { return m_question; }
    /// Closes the dialog without answering (the job ended or no longer waits).
    void withdraw();

Q_SIGNALS:
    /// The person's answer to question().id; emitted at most once.
    void answered(quint64 questionId, const Sluice::QuestionAnswer &answer);

protected:
    QuestionDialog(const CopyQuestion &question, QWidget *parent);
    /// Emits answered() (once) and closes the dialog.
    void answer(Decision decision, bool applyToAll = false, const QByteArray &newName = {});
    /// What closing the dialog without a button (Escape, the window's close button) means.
    virtual QuestionAnswer dismissAnswer() const = 0;
    void reject() override;

private:
    CopyQuestion m_question;
    bool m_answered = false;
};

} // namespace Sluice::Ui

Q_DECLARE_METATYPE(Sluice::QuestionAnswer)
