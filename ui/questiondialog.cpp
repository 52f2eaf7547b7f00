#include "questiondialog.h"

namespace Sluice::Ui {

QuestionDialog::QuestionDialog(const CopyQuestion &question, QWidget *parent)
    : QDialog(parent)
    , m_question(question)
{
    qRegisterMetaType<Sluice::QuestionAnswer>();
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowModality(Qt::WindowModal);
}

void QuestionDialog::answer(Decision decision, bool applyToAll, const QByteArray &newName)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT answered(m_question.id, QuestionAnswer{decision, applyToAll, newName});
    done(QDialog::Accepted);
}

void QuestionDialog::withdraw()
{
    m_answered = true;
    close();
}

void QuestionDialog::reject()
{
    if (!m_answered) {
        const QuestionAnswer dismissed = dismissAnswer();
        m_answered = true;
        Q_EMIT answered(m_question.id, dismissed);
    }
    QDialog::reject();
}

} // namespace Sluice::Ui
