// SPDX-License-Identifier: MIT
#include "ui/sharedtournamentdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace townhall::ui {

namespace {
enum Column { Id, Name, Status, Progress, ColumnCount };
}

SharedTournamentDialog::SharedTournamentDialog(QSettings &settings,
                                               UrlCheck checkUrl,
                                               QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_check(std::move(checkUrl))
    , m_url(new QLineEdit(this))
    , m_connect(new QPushButton(tr("&Connect"), this))
    , m_status(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open shared tournament"));
    m_url->setPlaceholderText(
        QStringLiteral("postgresql://townhall@db.example.org:5432/townhall?sslmode=require"));
    m_url->setText(m_settings.value(settingsKey()).toString());
    m_url->setClearButtonEnabled(true);

    auto *urlRow = new QHBoxLayout;
    urlRow->addWidget(m_url, 1);
    urlRow->addWidget(m_connect);
    auto *form = new QFormLayout;
    // The field is a row of widgets, so the label needs its buddy named
    // (else the mnemonic shows as a literal "&").
    auto *urlLabel = new QLabel(tr("Database &URL:"), this);
    urlLabel->setBuddy(m_url);
    form->addRow(urlLabel, urlRow);
    auto *note
        = new QLabel(tr("The password never goes in the URL: it comes from PGPASSWORD or ~/.pgpass "
                        "(PGPASSFILE), as for psql."),
                     this);
    note->setWordWrap(true);

    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table->setHorizontalHeaderLabels({tr("Id"), tr("Name"), tr("Status"), tr("Played")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_buttons);
    resize(640, 420);

    connect(m_connect, &QPushButton::clicked, this, &SharedTournamentDialog::tryConnect);
    connect(m_url, &QLineEdit::returnPressed, this, &SharedTournamentDialog::tryConnect);
    connect(m_url, &QLineEdit::textEdited, this, &SharedTournamentDialog::urlEdited);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &SharedTournamentDialog::updateOk);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this] {
        if (okButton()->isEnabled())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (selectedTournament().isEmpty())
            return;
        m_settings.setValue(settingsKey(), m_listedUrl);
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Return in the URL field connects; it must not also press OK.
    for (QAbstractButton *b : m_buttons->buttons())
        if (auto *p = qobject_cast<QPushButton *>(b))
            p->setAutoDefault(false);
    m_connect->setAutoDefault(false);
    updateOk();
}

SharedTournamentDialog::~SharedTournamentDialog() = default;

QString SharedTournamentDialog::settingsKey()
{
    return QStringLiteral("tournaments/sharedUrl");
}

QString SharedTournamentDialog::url() const
{
    return m_url->text().trimmed();
}

QPushButton *SharedTournamentDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

QString SharedTournamentDialog::selectedTournament() const
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    if (selected.isEmpty() || m_listedUrl != url())
        return {};
    const QTableWidgetItem *id = m_table->item(selected.front()->row(), Id);
    return id ? id->text() : QString();
}

void SharedTournamentDialog::tryConnect()
{
    if (m_connecting)
        return;
    const QString u = url();
    if (u.isEmpty()) {
        setStatus(tr("Type the database's postgresql:// URL first."), true);
        return;
    }
    if (const QString problem = m_check ? m_check(u) : QString(); !problem.isEmpty()) {
        setStatus(tr("This URL cannot be used: %1.").arg(problem), true);
        return;
    }
    m_connecting = true;
    m_connect->setEnabled(false);
    m_table->setRowCount(0);
    m_listedUrl.clear();
    setStatus(tr("Connecting to the database…"), false);
    updateOk();
    Q_EMIT connectRequested(u);
}

void SharedTournamentDialog::urlEdited()
{
    // The listed tournaments belong to the URL they were read from.
    if (!m_listedUrl.isEmpty() && m_listedUrl != url()) {
        m_table->setRowCount(0);
        m_listedUrl.clear();
        setStatus({}, false);
    }
    updateOk();
}

void SharedTournamentDialog::showTournaments(const QString &location,
                                             const std::vector<SharedTournamentInfo> &tournaments)
{
    m_connecting = false;
    m_connect->setEnabled(true);
    m_listedUrl = url();
    m_table->setRowCount(int(tournaments.size()));
    int firstRunning = -1;
    for (int row = 0; row < int(tournaments.size()); ++row) {
        const SharedTournamentInfo &t = tournaments[std::size_t(row)];
        const bool running = t.status == QLatin1String("RUNNING");
        if (running && firstRunning < 0)
            firstRunning = row;
        m_table->setItem(row, Id, new QTableWidgetItem(t.id));
        m_table->setItem(row, Name, new QTableWidgetItem(t.name));
        m_table->setItem(
            row, Status, new QTableWidgetItem(running ? tr("running") : tr("finished")));
        auto *progress = new QTableWidgetItem(tr("%1 of %2").arg(t.done).arg(t.scheduled));
        progress->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, Progress, progress);
    }
    if (tournaments.empty())
        setStatus(tr("Connected to %1; it holds no tournament yet.").arg(location), false);
    else
        setStatus(tr("Connected to %1: %n tournament(s).", nullptr, int(tournaments.size()))
                      .arg(location),
                  false);
    if (!tournaments.empty())
        m_table->selectRow(firstRunning >= 0 ? firstRunning : 0);
    updateOk();
}

void SharedTournamentDialog::showError(const QString &message)
{
    m_connecting = false;
    m_connect->setEnabled(true);
    m_table->setRowCount(0);
    m_listedUrl.clear();
    setStatus(tr("Could not read the database: %1").arg(message), true);
    updateOk();
}

void SharedTournamentDialog::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setProperty("error", error);
    QPalette p = palette();
    if (error)
        p.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    m_status->setPalette(p);
}

void SharedTournamentDialog::updateOk()
{
    okButton()->setEnabled(!selectedTournament().isEmpty());
}

} // namespace townhall::ui
