// SPDX-License-Identifier: MIT
#include "ui/tournamentdialog.h"

#include "base/jsonlimits.h"

#include "ui/uitext.h"

#include "engine/rules.h"
#include "tournament/spec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <QSettings>

#include <climits>
#include <optional>
#include <utility>

namespace townhall::ui {

const QString TournamentDialog::FormKey = QStringLiteral("tournament/form");

using json = nlohmann::json;

namespace {

/// The keys of a participant entry the table shows; anything else a loaded
/// file holds (a name, a persona …) rides along unseen and is written back.
const char *const shownKeys[]
    = {"id", "bot", "provider", "model", "agent", "push", "human", "seats"};

constexpr int ExtraRole = Qt::UserRole + 1;

QString kindText(TournamentDialog::Kind k)
{
    switch (k) {
    case TournamentDialog::Kind::Bot:
        return TournamentDialog::tr("bot");
    case TournamentDialog::Kind::Model:
        return TournamentDialog::tr("model");
    case TournamentDialog::Kind::Agent:
        return TournamentDialog::tr("MCP agent");
    case TournamentDialog::Kind::Push:
        return TournamentDialog::tr("push agent");
    case TournamentDialog::Kind::Person:
        return TournamentDialog::tr("me (I play)");
    }
    return {};
}

QString text(const QTableWidget *t, int row, int column)
{
    const QTableWidgetItem *item = t->item(row, column);
    return item ? item->text().trimmed() : QString();
}

std::string str(const QString &s)
{
    return s.toStdString();
}

/// A JSON scalar as the text a cell shows (numbers without quotes).
QString cellText(const json &v)
{
    if (v.is_string())
        return qs(v.get<std::string>());
    if (v.is_null())
        return {};
    return qs(v.dump());
}

} // namespace

TournamentDialog::TournamentDialog(const QStringList &providerNames,
                                   const json &providers,
                                   QWidget *parent)
    : QDialog(parent)
    , m_providerNames(providerNames)
    , m_providers(providers.is_object() ? providers : json::object())
    , m_name(new QLineEdit)
    , m_rules(new QComboBox)
    , m_matches(new QSpinBox)
    , m_seed(new QSpinBox)
    , m_mirror(new QCheckBox(tr("Mirrored pairs")))
    , m_failure(new QComboBox)
    , m_parallel(new QSpinBox)
    , m_table(new QTableWidget(0, ColumnCount))
    , m_errorLabel(new QLabel)
    , m_add(new QPushButton(tr("Add participant")))
    , m_remove(new QPushButton(tr("Remove")))
    , m_load(new QPushButton(tr("Load file…")))
    , m_save(new QPushButton(tr("Save file…")))
    , m_start(new QPushButton(tr("Start")))
{
    setWindowTitle(tr("New tournament"));
    for (const engine::RuleSet &r : engine::rulePresets())
        m_rules->addItem(tr("%1 (%2 seats)").arg(qs(r.name)).arg(r.seatCount()), qs(r.name));
    m_matches->setRange(1, 100'000);
    m_seed->setRange(0, INT_MAX);
    m_mirror->setToolTip(
        tr("Matches come in pairs with the same seed and deal; the second moves the "
           "participants half the table round, so each side plays the other's cards"));
    m_failure->addItem(tr("count"), QStringLiteral("count"));
    m_failure->setItemData(
        0, tr("A match in which an agent failed counts like any other"), Qt::ToolTipRole);
    m_failure->addItem(tr("void"), QStringLiteral("void"));
    m_failure->setItemData(
        1, tr("A match in which an agent failed counts for no one"), Qt::ToolTipRole);
    m_failure->addItem(tr("forfeit"), QStringLiteral("forfeit"));
    m_failure->setItemData(
        2,
        tr("A match in which an agent failed counts only as a loss for the one at fault"),
        Qt::ToolTipRole);
    m_parallel->setRange(1, 8);
    m_parallel->setToolTip(tr("How many of the tournament's matches run at the same time"));

    m_table->setHorizontalHeaderLabels({tr("Id"),
                                        tr("Kind"),
                                        tr("Seats"),
                                        tr("Agent / provider / URL"),
                                        tr("Model / deadline (ms)")});
    m_table->horizontalHeaderItem(SeatsColumn)
        ->setToolTip(tr("A number of seats, or \"rest\" for the seats left"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(SeatsColumn, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextFormat(Qt::PlainText);

    auto *form = new QFormLayout;
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Rule set"), m_rules);
    form->addRow(tr("Matches"), m_matches);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(QString(), m_mirror);
    form->addRow(tr("If an agent fails"), m_failure);
    form->addRow(tr("Parallel matches"), m_parallel);

    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(m_add);
    rowButtons->addWidget(m_remove);
    rowButtons->addStretch();
    rowButtons->addWidget(m_load);
    rowButtons->addWidget(m_save);

    auto *box = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_start->setDefault(true);
    box->addButton(m_start, QDialogButtonBox::AcceptRole);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Participants")));
    layout->addWidget(m_table, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_errorLabel);
    layout->addWidget(box);

    connect(m_add, &QPushButton::clicked, this, [this] {
        m_table->setCurrentCell(addParticipant(Kind::Bot, QString(), QStringLiteral("1")),
                                IdColumn);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        removeParticipant(m_table->currentRow());
    });
    connect(m_load, &QPushButton::clicked, this, &TournamentDialog::loadFromDialog);
    connect(m_save, &QPushButton::clicked, this, &TournamentDialog::saveFromDialog);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &TournamentDialog::validate);
    connect(m_rules, &QComboBox::currentIndexChanged, this, &TournamentDialog::validate);
    connect(m_matches, &QSpinBox::valueChanged, this, &TournamentDialog::validate);
    connect(m_seed, &QSpinBox::valueChanged, this, &TournamentDialog::validate);
    connect(m_mirror, &QCheckBox::toggled, this, &TournamentDialog::validate);
    connect(m_failure, &QComboBox::currentIndexChanged, this, &TournamentDialog::validate);
    connect(m_parallel, &QSpinBox::valueChanged, this, &TournamentDialog::validate);
    connect(m_table, &QTableWidget::itemChanged, this, &TournamentDialog::validate);

    // "My agent against the bots": the common first tournament. The agent's
    // name is left for the user to fill, so Start waits for it.
    m_filling = true;
    m_name->setText(tr("my agent against the bots"));
    m_matches->setValue(96);
    m_seed->setValue(1);
    m_mirror->setChecked(true);
    m_failure->setCurrentIndex(1);
    m_parallel->setValue(1);
    addParticipant(Kind::Agent, QStringLiteral("mine"), QStringLiteral("1"));
    addParticipant(Kind::Bot, QStringLiteral("bots"), QStringLiteral("rest"));
    m_filling = false;
    validate();
    // From now on a problem is the user's doing and shown as one; until then
    // what Start waits for is a hint, not an error.
    m_ready = true;
    resize(760, 560);
}

TournamentDialog::~TournamentDialog() = default;

QComboBox *TournamentDialog::kindBox(int row) const
{
    return qobject_cast<QComboBox *>(m_table->cellWidget(row, KindColumn));
}

int TournamentDialog::addParticipant(Kind kind,
                                     const QString &id,
                                     const QString &seats,
                                     const QString &target,
                                     const QString &detail)
{
    const bool filling = m_filling;
    m_filling = true;
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, IdColumn, new QTableWidgetItem(id));
    m_table->setItem(row, SeatsColumn, new QTableWidgetItem(seats));
    m_table->setItem(row, TargetColumn, new QTableWidgetItem(target));
    m_table->setItem(row, DetailColumn, new QTableWidgetItem(detail));
    auto *kinds = new QComboBox;
    for (Kind k : {Kind::Bot, Kind::Model, Kind::Agent, Kind::Push, Kind::Person})
        kinds->addItem(kindText(k), int(k));
    kinds->setCurrentIndex(int(kind));
    m_table->setCellWidget(row, KindColumn, kinds);
    connect(kinds, &QComboBox::currentIndexChanged, this, [this, kinds] {
        for (int r = 0; r < m_table->rowCount(); ++r)
            if (m_table->cellWidget(r, KindColumn) == kinds)
                setRowKind(r, Kind(kinds->currentData().toInt()));
        validate();
    });
    setRowKind(row, kind);
    m_filling = filling;
    validate();
    return row;
}

void TournamentDialog::setRowKind(int row, Kind kind)
{
    // A bot needs nothing more; the other kinds say what their cells hold.
    QTableWidgetItem *target = m_table->item(row, TargetColumn);
    QTableWidgetItem *detail = m_table->item(row, DetailColumn);
    const Qt::ItemFlags editable = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
    const bool nothing = kind == Kind::Bot || kind == Kind::Person;
    target->setFlags(nothing ? Qt::ItemIsSelectable : editable);
    detail->setFlags(nothing || kind == Kind::Agent ? Qt::ItemIsSelectable : editable);
    switch (kind) {
    case Kind::Bot:
        target->setToolTip({});
        break;
    case Kind::Model:
        target->setToolTip(tr("Provider: %1").arg(m_providerNames.join(QStringLiteral(", "))));
        detail->setToolTip(tr("Model (empty: the provider's own)"));
        if (target->text().isEmpty() && !m_providerNames.isEmpty())
            target->setText(m_providerNames.first());
        break;
    case Kind::Agent:
        target->setToolTip(tr("The registered agent's name"));
        break;
    case Kind::Push:
        target->setToolTip(tr("The URL Town Hall calls"));
        detail->setToolTip(tr("How long the agent may take to answer, in milliseconds"));
        break;
    case Kind::Person:
        target->setToolTip(tr("You play this seat in every match, in the Your seat panel"));
        break;
    }
}

void TournamentDialog::removeParticipant(int row)
{
    if (row < 0 || row >= m_table->rowCount())
        return;
    m_table->removeRow(row);
    validate();
}

json TournamentDialog::spec() const
{
    json j = m_extra;
    j["name"] = str(m_name->text().trimmed());
    j["rules"] = str(m_rules->currentData().toString());
    j["matches"] = m_matches->value();
    j["seed"] = m_seed->value();
    j["mirror"] = m_mirror->isChecked();
    j["failure"] = str(m_failure->currentData().toString());
    j["parallel"] = m_parallel->value();
    json providers = json::object();
    json participants = json::array();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        json extra = json::parse(
            m_table->item(r, IdColumn)->data(ExtraRole).toString().toStdString(), nullptr, false);
        if (!extra.is_object())
            extra = json::object();
        json p = json::object();
        p["id"] = str(text(m_table, r, IdColumn));
        const QString target = text(m_table, r, TargetColumn);
        const QString detail = text(m_table, r, DetailColumn);
        switch (Kind(kindBox(r)->currentData().toInt())) {
        case Kind::Bot:
            p["bot"] = true;
            break;
        case Kind::Model:
            p["provider"] = str(target);
            if (!detail.isEmpty())
                p["model"] = str(detail);
            if (m_providers.contains(str(target)))
                providers[str(target)] = m_providers[str(target)];
            break;
        case Kind::Agent:
            p["agent"] = str(target);
            break;
        case Kind::Person:
            p["human"] = true;
            break;
        case Kind::Push: {
            json push = extra.contains("push") && extra["push"].is_object() ? extra["push"]
                                                                            : json::object();
            push["url"] = str(target);
            bool ok = false;
            const qlonglong ms = detail.toLongLong(&ok);
            if (ok)
                push["deadlineMs"] = ms;
            else if (!detail.isEmpty())
                push["deadlineMs"] = str(detail); // refused by validate(), kept as typed
            p["push"] = push;
            break;
        }
        }
        extra.erase("push");
        p.update(extra);
        const QString seats = text(m_table, r, SeatsColumn);
        bool ok = false;
        const int n = seats.toInt(&ok);
        if (ok)
            p["seats"] = n;
        else if (!seats.isEmpty())
            p["seats"] = str(seats); // "rest", or what parseSpec will name as wrong
        participants.push_back(std::move(p));
    }
    if (!providers.empty())
        j["providers"] = providers;
    j["participants"] = participants;
    return j;
}

int TournamentDialog::parallel() const
{
    return m_parallel->value();
}

void TournamentDialog::validate()
{
    if (m_filling)
        return;
    const json j = spec();
    m_errors.clear();
    for (const std::string &e : tournament::parseSpec(j).errors)
        m_errors << qs(e);
    // parseSpec leaves the push entry to the host; a deadline that is not a
    // number would only fail when the first match starts.
    for (std::size_t i = 0; i < j["participants"].size(); ++i) {
        const json &p = j["participants"][i];
        if (p.contains("push") && p["push"].contains("deadlineMs")
            && !p["push"]["deadlineMs"].is_number_integer())
            m_errors
                << tr("participants[%1].push.deadlineMs: must be a whole number of milliseconds")
                       .arg(i);
    }
    m_touched = m_touched || m_ready;
    const QString text = m_errors.mid(0, 3).join(QLatin1Char('\n'));
    m_errorLabel->setText(m_touched ? text : tr("To start: %1").arg(text));
    m_errorLabel->setStyleSheet(m_touched ? QStringLiteral("color: #b3261e;") : QString());
    m_errorLabel->setForegroundRole(m_touched ? QPalette::WindowText : QPalette::PlaceholderText);
    m_errorLabel->setVisible(!m_errors.isEmpty());
    m_start->setEnabled(m_errors.isEmpty());
}

void TournamentDialog::saveForm(QSettings &settings) const
{
    settings.setValue(FormKey, QByteArray::fromStdString(spec().dump()));
}

bool TournamentDialog::restoreForm(QSettings &settings)
{
    const QByteArray text = settings.value(FormKey).toByteArray();
    if (text.isEmpty())
        return false;
    const json j = json::parse(text.toStdString(), nullptr, false);
    const bool wasReady = std::exchange(m_ready, false); // the user's form again, not a change
    const bool restored = !j.is_discarded() && setSpec(j).isEmpty();
    m_ready = wasReady;
    return restored;
}

QString TournamentDialog::setSpec(const json &j)
{
    if (!j.is_object())
        return tr("The tournament file must be a JSON object.");
    // Read everything first: the form changes only when the whole file fits it.
    const auto stringAt = [&](const char *key, const QString &fallback) -> std::optional<QString> {
        if (!j.contains(key))
            return fallback;
        if (!j[key].is_string())
            return std::nullopt;
        return qs(j[key].get<std::string>());
    };
    const auto intAt
        = [&](const char *key, long long lo, long long hi, int fallback) -> std::optional<int> {
        if (!j.contains(key))
            return fallback;
        if (!j[key].is_number_integer() || j[key].get<long long>() < lo
            || j[key].get<long long>() > hi)
            return std::nullopt;
        return int(j[key].get<long long>());
    };
    const auto name = stringAt("name", QString());
    const auto rules = stringAt("rules", QStringLiteral("classic"));
    const auto failure = stringAt("failure", QStringLiteral("void"));
    const auto matches = intAt("matches", 1, m_matches->maximum(), m_matches->value());
    const auto seed = intAt("seed", 0, INT_MAX, 1);
    const auto par = intAt("parallel", 1, m_parallel->maximum(), 1);
    if (!name)
        return tr("name: must be a string");
    const int rulesIndex = rules ? m_rules->findData(*rules) : -1;
    if (rulesIndex < 0) {
        QStringList names;
        for (int i = 0; i < m_rules->count(); ++i)
            names << m_rules->itemData(i).toString();
        return tr("rules: the form offers only the rule presets (%1)")
            .arg(names.join(QStringLiteral(", ")));
    }
    const int failureIndex = failure ? m_failure->findData(*failure) : -1;
    if (failureIndex < 0)
        return tr("failure: must be \"count\", \"void\" or \"forfeit\"");
    if (!matches || !seed || !par)
        return tr("matches, seed and parallel must be whole numbers the form can hold");
    if (j.contains("mirror") && !j["mirror"].is_boolean())
        return tr("mirror: must be true or false");
    if (j.contains("providers") && !j["providers"].is_object())
        return tr("providers: must be an object");
    if (!j.contains("participants") || !j["participants"].is_array())
        return tr("participants: must be a list");
    struct Row
    {
        Kind kind;
        QString id, seats, target, detail;
        json extra;
    };
    std::vector<Row> rows;
    for (std::size_t i = 0; i < j["participants"].size(); ++i) {
        const json &p = j["participants"][i];
        const QString at = QStringLiteral("participants[%1]").arg(i);
        if (!p.is_object())
            return tr("%1: must be an object").arg(at);
        Row row{Kind::Bot,
                cellText(p.value("id", json())),
                cellText(p.value("seats", json())),
                {},
                {},
                p};
        int kinds = 0;
        if (p.value("bot", false) == true) {
            ++kinds;
            row.kind = Kind::Bot;
        }
        if (p.contains("provider")) {
            ++kinds;
            row.kind = Kind::Model;
            row.target = cellText(p["provider"]);
            row.detail = cellText(p.value("model", json()));
        }
        if (p.contains("agent")) {
            ++kinds;
            row.kind = Kind::Agent;
            row.target = cellText(p["agent"]);
        }
        if (p.contains("push")) {
            ++kinds;
            row.kind = Kind::Push;
            if (!p["push"].is_object())
                return tr("%1.push: must be an object").arg(at);
            row.target = cellText(p["push"].value("url", json()));
            row.detail = cellText(p["push"].value("deadlineMs", json()));
            json rest = p["push"];
            rest.erase("url");
            rest.erase("deadlineMs");
            row.extra["push"] = rest;
        }
        if (p.contains("human")) {
            ++kinds;
            row.kind = Kind::Person;
        }
        if (kinds != 1)
            return tr("%1: must be exactly one of a bot, a provider, an agent, a push agent or "
                      "a person")
                .arg(at);
        for (const char *k : shownKeys)
            if (std::string_view(k) != "push")
                row.extra.erase(k);
        rows.push_back(std::move(row));
    }

    m_filling = true;
    m_extra = json::object();
    for (const auto &[key, value] : j.items())
        if (key == "timers")
            m_extra[key] = value;
    if (j.contains("providers"))
        m_providers.update(j["providers"]); // the file's own profiles, kept for its model rows
    m_name->setText(*name);
    m_rules->setCurrentIndex(rulesIndex);
    m_matches->setValue(*matches);
    m_seed->setValue(*seed);
    m_mirror->setChecked(j.value("mirror", false));
    m_failure->setCurrentIndex(failureIndex);
    m_parallel->setValue(*par);
    m_table->setRowCount(0);
    for (const Row &row : rows) {
        const int r = addParticipant(row.kind, row.id, row.seats, row.target, row.detail);
        if (!row.extra.empty())
            m_table->item(r, IdColumn)->setData(ExtraRole, qs(row.extra.dump()));
    }
    m_filling = false;
    validate();
    return {};
}

QString TournamentDialog::saveFile(const QString &path) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return tr("Could not write %1: %2").arg(path, f.errorString());
    f.write(QByteArray::fromStdString(spec().dump(2) + '\n'));
    if (!f.commit())
        return tr("Could not write %1: %2").arg(path, f.errorString());
    return {};
}

QString TournamentDialog::loadFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return tr("Could not read %1: %2").arg(path, f.errorString());
    // A tournament file is a few KB: refuse a device or a huge file before reading it.
    constexpr qint64 MaxBytes = 4 * 1024 * 1024;
    if (f.isSequential() || f.size() > MaxBytes)
        return tr("%1 is not a tournament file (larger than 4 MiB, or not a file).").arg(path);
    const std::string text = f.readAll().toStdString();
    if (!base::jsonDepthWithin(text))
        return tr("%1 is not JSON.").arg(path);
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded())
        return tr("%1 is not JSON.").arg(path);
    return setSpec(j);
}

void TournamentDialog::loadFromDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load tournament"), QString(), tr("Tournament files (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = loadFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Load tournament"), error);
}

void TournamentDialog::saveFromDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save tournament"), QString(), tr("Tournament files (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = saveFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Save tournament"), error);
}

} // namespace townhall::ui
