// SPDX-License-Identifier: MIT
#include "app/newmatchdialog.h"

#include "engine/rules.h"
#include "engine/simulator.h"
#include "host/seats/pushseat.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace townhall::app {

namespace {

constexpr int NameLength = 32; // an agent's name is 1 to 32 characters (the agents panel)
constexpr int PersonaLength = 300;

const QString Group = QStringLiteral("newMatch");
/// The name an open seat's field keeps for when the seat is no longer open.
constexpr const char *KeptName = "keptName";
/// The profile a restored seat had, chosen once the profiles are loaded.
constexpr const char *WantedProfile = "wantedProfile";

QString kindKey(NewMatchDialog::SeatKind kind)
{
    switch (kind) {
    case NewMatchDialog::SeatKind::Model:
        return QStringLiteral("model");
    case NewMatchDialog::SeatKind::Open:
        return QStringLiteral("open");
    case NewMatchDialog::SeatKind::Push:
        return QStringLiteral("push");
    case NewMatchDialog::SeatKind::Me:
        return QStringLiteral("me");
    case NewMatchDialog::SeatKind::Bot:
        break;
    }
    return QStringLiteral("bot");
}

NewMatchDialog::SeatKind kindFromKey(const QString &key)
{
    if (key == QLatin1String("model"))
        return NewMatchDialog::SeatKind::Model;
    if (key == QLatin1String("open"))
        return NewMatchDialog::SeatKind::Open;
    if (key == QLatin1String("push"))
        return NewMatchDialog::SeatKind::Push;
    if (key == QLatin1String("me"))
        return NewMatchDialog::SeatKind::Me;
    return NewMatchDialog::SeatKind::Bot;
}

QString defaultName(int seat)
{
    return QString::fromStdString(
        engine::botNames()[std::size_t(seat) % engine::botNames().size()]);
}

} // namespace

NewMatchDialog::NewMatchDialog(ProfileStore &profiles, QSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_store(profiles)
    , m_settings(settings)
    , m_profiles(profiles.load())
{
    setWindowTitle(tr("New match"));

    auto *intro = new QLabel(
        tr("Choose who takes each seat of the next table. Open seats wait for MCP agents; "
           "the match starts when every seat of the table is taken."));
    intro->setWordWrap(true);

    auto *grid = new QGridLayout;
    const QStringList headers
        = {tr("Seat"), tr("Name"), tr("Played by"), tr("Provider"), tr("Model"), tr("Persona")};
    for (int c = 0; c < headers.size(); ++c) {
        auto *h = new QLabel(QStringLiteral("<b>%1</b>").arg(headers[c].toHtmlEscaped()));
        grid->addWidget(h, 0, c);
    }
    for (int seat = 0; seat < MaxRows; ++seat)
        buildRow(seat, grid);
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(4, 2);
    grid->setColumnStretch(5, 3);

    auto *allBots = new QPushButton(tr("All bots"));
    // A push button with a menu, like its neighbours: it makes room for its
    // menu arrow (a tool button drew the arrow over "All play…").
    m_allProfile = new QPushButton(tr("All play…"));
    m_allProfile->setToolTip(tr("Every seat a model of one provider"));
    m_allProfile->setMenu(new QMenu(m_allProfile));
    m_setUpProfiles = new QPushButton(tr("Set up a model provider…"));
    m_timers = new QComboBox;
    m_timers->addItem(tr("Standard"), QVariant::fromValue(int(TimerPreset::Standard)));
    m_timers->addItem(tr("Model play (longer turns)"),
                      QVariant::fromValue(int(TimerPreset::ModelPlay)));
    m_timers->addItem(tr("People (the longest turns)"),
                      QVariant::fromValue(int(TimerPreset::People)));
    m_timers->setToolTip(
        tr("Language models take seconds per call: model play gives each turn room for a retry."));
    m_rules = new QComboBox;
    for (const engine::RuleSet &r : engine::rulePresets())
        m_rules->addItem(
            tr("%1 (%n seats)", nullptr, r.seatCount()).arg(QString::fromStdString(r.name)),
            QString::fromStdString(r.name));
    m_rules->setToolTip(tr("The roles at the table and the rules (the witch tables add the witch, "
                           "the hunter and the PK)."));
    auto *rulesLabel = new QLabel(tr("&Rules:"));
    rulesLabel->setBuddy(m_rules);
    auto *timersLabel = new QLabel(tr("&Timers:"));
    timersLabel->setBuddy(m_timers);
    auto *tools = new QHBoxLayout;
    tools->addWidget(allBots);
    tools->addWidget(m_allProfile);
    tools->addWidget(m_setUpProfiles);
    tools->addStretch(1);
    tools->addWidget(rulesLabel);
    tools->addWidget(m_rules);
    tools->addWidget(timersLabel);
    tools->addWidget(m_timers);

    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setAccessibleName(tr("Problems"));
    // Red that reads on the light and on the dark theme.
    QPalette warn = m_message->palette();
    const bool dark = warn.color(QPalette::Window).lightness() < 128;
    warn.setColor(QPalette::WindowText, dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e));
    m_message->setPalette(warn);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Queue the seats"));

    auto *outer = new QVBoxLayout(this);
    outer->addWidget(intro);
    outer->addLayout(grid);
    outer->addLayout(tools);
    outer->addWidget(m_message);
    outer->addWidget(m_summary);
    outer->addStretch(1);
    outer->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &NewMatchDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(allBots, &QPushButton::clicked, this, &NewMatchDialog::fillWithBots);
    connect(m_setUpProfiles, &QPushButton::clicked, this, &NewMatchDialog::profilesWanted);
    // activated: only the user's choice, never a change made here, stops
    // the timers from following the seats.
    connect(m_timers, &QComboBox::activated, this, [this] { m_timersChosen = true; });
    connect(m_rules, &QComboBox::currentIndexChanged, this, &NewMatchDialog::rulesChanged);

    restore();
    reloadProfiles();
    rulesChanged();
}

engine::RuleSet NewMatchDialog::rules() const
{
    if (auto r = engine::rulePreset(m_rules->currentData().toString().toStdString()))
        return *r;
    return engine::RuleSet{};
}

int NewMatchDialog::seatCount() const
{
    return std::min(rules().seatCount(), int(MaxRows));
}

void NewMatchDialog::rulesChanged()
{
    // The table has as many rows as the rule set has seats.
    const int n = seatCount();
    for (int seat = 0; seat < MaxRows; ++seat) {
        const Row &row = m_rows[std::size_t(seat)];
        const bool shown = seat < n;
        for (QWidget *w : std::initializer_list<QWidget *>{row.label, row.name, row.kind})
            w->setVisible(shown);
        const SeatKind k = kind(seat);
        for (QWidget *w : std::initializer_list<QWidget *>{row.profile, row.model, row.persona})
            w->setVisible(shown && k != SeatKind::Push);
        for (QWidget *w :
             std::initializer_list<QWidget *>{row.pushUrl, row.pushToken, row.pushDeadline})
            w->setVisible(shown && k == SeatKind::Push);
    }
    followTimers();
    validate();
}

NewMatchDialog::~NewMatchDialog() = default;

void NewMatchDialog::buildRow(int seat, QGridLayout *grid)
{
    Row &row = m_rows[std::size_t(seat)];
    const int r = seat + 1;
    row.label = new QLabel(QString::number(seat + 1));
    grid->addWidget(row.label, r, 0);
    row.name = new QLineEdit(defaultName(seat));
    row.name->setMaxLength(NameLength);
    row.kind = new QComboBox;
    row.kind->addItem(tr("Built-in bot"), QVariant::fromValue(int(SeatKind::Bot)));
    row.kind->addItem(tr("Model"), QVariant::fromValue(int(SeatKind::Model)));
    row.kind->addItem(tr("Open for an MCP agent"), QVariant::fromValue(int(SeatKind::Open)));
    row.kind->addItem(tr("Push agent"), QVariant::fromValue(int(SeatKind::Push)));
    row.kind->addItem(tr("Me (I play it here)"), QVariant::fromValue(int(SeatKind::Me)));
    row.profile = new QComboBox;
    row.model = new QComboBox;
    row.model->setEditable(true);
    row.model->setInsertPolicy(QComboBox::NoInsert);
    row.model->setMinimumContentsLength(12);
    row.persona = new QLineEdit;
    row.persona->setMaxLength(PersonaLength);
    // A push seat shows its endpoint where a model shows its provider.
    row.pushUrl = new QLineEdit;
    row.pushUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:9000/"));
    row.pushToken = new QLineEdit;
    row.pushToken->setEchoMode(QLineEdit::Password);
    row.pushToken->setPlaceholderText(tr("token (optional)"));
    row.pushDeadline = new QSpinBox;
    row.pushDeadline->setRange(host::PushEndpoint::MinDeadlineMs,
                               host::PushEndpoint::MaxDeadlineMs);
    row.pushDeadline->setSingleStep(1000);
    row.pushDeadline->setValue(host::PushEndpoint::DefaultDeadlineMs);
    row.pushDeadline->setSuffix(tr(" ms"));
    const QString seatName = tr("Seat %1").arg(seat + 1);
    row.name->setAccessibleName(tr("%1 name").arg(seatName));
    row.kind->setAccessibleName(tr("%1 played by").arg(seatName));
    row.profile->setAccessibleName(tr("%1 provider").arg(seatName));
    row.model->setAccessibleName(tr("%1 model").arg(seatName));
    row.persona->setAccessibleName(tr("%1 persona").arg(seatName));
    row.pushUrl->setAccessibleName(tr("%1 push agent URL").arg(seatName));
    row.pushToken->setAccessibleName(tr("%1 push agent token").arg(seatName));
    row.pushDeadline->setAccessibleName(tr("%1 push agent deadline").arg(seatName));
    grid->addWidget(row.name, r, 1);
    grid->addWidget(row.kind, r, 2);
    grid->addWidget(row.profile, r, 3);
    grid->addWidget(row.model, r, 4);
    grid->addWidget(row.persona, r, 5);
    grid->addWidget(row.pushUrl, r, 3);
    grid->addWidget(row.pushToken, r, 4);
    grid->addWidget(row.pushDeadline, r, 5);

    connect(row.name, &QLineEdit::textChanged, this, &NewMatchDialog::validate);
    connect(row.kind, &QComboBox::currentIndexChanged, this, [this, seat] { kindChanged(seat); });
    connect(row.profile, &QComboBox::currentIndexChanged, this, [this, seat] {
        showProfileModel(m_rows[std::size_t(seat)]);
        validate();
    });
    connect(row.model, &QComboBox::editTextChanged, this, &NewMatchDialog::validate);
    connect(row.pushUrl, &QLineEdit::textChanged, this, &NewMatchDialog::validate);
    kindChanged(seat);
}

const ProviderProfile *NewMatchDialog::profileNamed(const QString &name) const
{
    for (const ProviderProfile &p : m_profiles)
        if (p.name == name)
            return &p;
    return nullptr;
}

void NewMatchDialog::fillProfileBox(Row &row, const QString &chosen)
{
    const QSignalBlocker block(row.profile);
    row.profile->clear();
    for (const ProviderProfile &p : m_profiles)
        row.profile->addItem(p.name, p.name);
    row.profile->setCurrentIndex(row.profile->findData(chosen));
    takeOnlyProfile(row);
}

void NewMatchDialog::takeOnlyProfile(Row &row)
{
    // A model seat with a single profile to choose from takes it.
    if (row.profile->currentIndex() < 0 && m_profiles.size() == 1
        && SeatKind(row.kind->currentData().toInt()) == SeatKind::Model)
        row.profile->setCurrentIndex(0);
}

void NewMatchDialog::showProfileModel(Row &row)
{
    // The profile's own model is the first choice and the placeholder, so an
    // empty field visibly means "the provider's model".
    const QString override = row.model->currentText();
    const ProviderProfile *p = profileNamed(row.profile->currentData().toString());
    const QSignalBlocker block(row.model);
    row.model->clear();
    if (p && !p->model.isEmpty())
        row.model->addItem(p->model);
    row.model->setCurrentIndex(-1);
    row.model->setEditText(override);
    updatePlaceholders(row);
}

void NewMatchDialog::updatePlaceholders(Row &row)
{
    // Hints only where they mean something: a bot or an open seat has no
    // provider and no model to choose.
    const bool model = SeatKind(row.kind->currentData().toInt()) == SeatKind::Model;
    const ProviderProfile *p = profileNamed(row.profile->currentData().toString());
    row.profile->setPlaceholderText(!model               ? QString()
                                    : m_profiles.empty() ? tr("none set up")
                                                         : tr("choose…"));
    row.model->lineEdit()->setPlaceholderText(!model                     ? QString()
                                              : p && !p->model.isEmpty() ? p->model
                                                                         : tr("model name"));
    row.persona->setPlaceholderText(model ? tr("optional: how this seat talks") : QString());
}

void NewMatchDialog::reloadProfiles()
{
    m_profiles = m_store.load();
    for (Row &row : m_rows) {
        fillProfileBox(row,
                       row.profile->currentData().toString().isEmpty()
                           ? row.profile->property(WantedProfile).toString()
                           : row.profile->currentData().toString());
        showProfileModel(row);
    }
    QMenu *menu = m_allProfile->menu();
    menu->clear();
    for (const ProviderProfile &p : m_profiles)
        menu->addAction(p.name, this, [this, name = p.name] { fillWithProfile(name); });
    m_allProfile->setEnabled(!m_profiles.empty());
    m_setUpProfiles->setVisible(m_profiles.empty());
    validate();
}

void NewMatchDialog::setKind(int seat, SeatKind kind)
{
    QComboBox *box = m_rows[std::size_t(seat)].kind;
    box->setCurrentIndex(box->findData(int(kind)));
}

NewMatchDialog::SeatKind NewMatchDialog::kind(int seat) const
{
    return SeatKind(m_rows[std::size_t(seat)].kind->currentData().toInt());
}

void NewMatchDialog::kindChanged(int seat)
{
    Row &row = m_rows[std::size_t(seat)];
    const SeatKind k = kind(seat);
    takeOnlyProfile(row);
    // An agent brings its own name to an open seat: the field shows none,
    // and the name comes back when the seat is no longer open.
    const QSignalBlocker block(row.name);
    if (k == SeatKind::Open && !row.name->text().isEmpty()) {
        row.name->setProperty(KeptName, row.name->text());
        row.name->clear();
    } else if (k != SeatKind::Open && row.name->text().isEmpty()) {
        row.name->setText(row.name->property(KeptName).toString());
    }
    row.name->setEnabled(k != SeatKind::Open);
    row.name->setPlaceholderText(k == SeatKind::Open ? tr("the agent's own name") : tr("a name"));
    updatePlaceholders(row);
    for (QWidget *w : std::initializer_list<QWidget *>{row.profile, row.model, row.persona})
        w->setEnabled(k == SeatKind::Model);
    if (m_rules)
        rulesChanged(); // which fields the row shows
    followTimers();
    validate();
}

void NewMatchDialog::followTimers()
{
    if (m_timersChosen || !m_timers)
        return;
    bool anyModel = false;
    bool me = false;
    for (int seat = 0; seat < seatCount(); ++seat) {
        anyModel = anyModel || kind(seat) == SeatKind::Model;
        me = me || kind(seat) == SeatKind::Me;
    }
    // A person at the table needs the longest turns of all.
    const TimerPreset preset = me         ? TimerPreset::People
                               : anyModel ? TimerPreset::ModelPlay
                                          : TimerPreset::Standard;
    m_timers->setCurrentIndex(m_timers->findData(int(preset)));
}

void NewMatchDialog::fillWithBots()
{
    for (int seat = 0; seat < seatCount(); ++seat)
        setKind(seat, SeatKind::Bot);
}

void NewMatchDialog::fillWithProfile(const QString &profile)
{
    for (int seat = 0; seat < seatCount(); ++seat) {
        setKind(seat, SeatKind::Model);
        Row &row = m_rows[std::size_t(seat)];
        row.profile->setCurrentIndex(row.profile->findData(profile));
    }
}

void NewMatchDialog::validate()
{
    if (!m_ok)
        return; // still building the rows
    m_problems.clear();
    std::map<QString, int> taken; // case-folded name → first seat
    int models = 0;
    int bots = 0;
    int open = 0;
    int push = 0;
    int me = 0; // the seat the person plays, 1-based
    for (int seat = 0; seat < seatCount(); ++seat) {
        const Row &row = m_rows[std::size_t(seat)];
        const SeatKind k = kind(seat);
        const int n = seat + 1;
        if (k == SeatKind::Open) {
            ++open;
            continue;
        }
        if (k == SeatKind::Me) {
            if (me > 0)
                m_problems
                    << tr("Seats %1 and %2 are both \"Me\"; you can play one seat.").arg(me).arg(n);
            else
                me = n;
        } else {
            (k == SeatKind::Model ? models : k == SeatKind::Push ? push : bots) += 1;
        }
        const QString name = row.name->text().trimmed();
        if (name.isEmpty()) {
            m_problems << tr("Seat %1 needs a name.").arg(n);
        } else if (auto [it, added] = taken.try_emplace(name.toCaseFolded(), n); !added) {
            m_problems
                << tr("Seat %1 is called \"%2\" like seat %3; every seat needs a name of its own.")
                       .arg(QString::number(n), name, QString::number(it->second));
        }
        if (k == SeatKind::Push) {
            const host::PushEndpoint ep{QUrl(row.pushUrl->text().trimmed()),
                                        row.pushToken->text(),
                                        row.pushDeadline->value()};
            if (row.pushUrl->text().trimmed().isEmpty())
                m_problems << tr("Seat %1 is a push agent: type the URL it listens on.").arg(n);
            else if (!ep.validate().isEmpty())
                m_problems
                    << tr("Seat %1: the push agent's URL must start with http:// or https://.")
                           .arg(n);
            continue;
        }
        if (k != SeatKind::Model)
            continue;
        const ProviderProfile *p = profileNamed(row.profile->currentData().toString());
        if (m_profiles.empty())
            m_problems << tr("Seat %1 is a model, but no model provider is set up yet.").arg(n);
        else if (!p)
            m_problems << tr("Seat %1 is a model: choose its provider.").arg(n);
        else if (p->model.isEmpty() && row.model->currentText().trimmed().isEmpty())
            m_problems << tr("Seat %1: the provider \"%2\" names no model; type one.")
                              .arg(QString::number(n), p->name);
    }
    m_message->setText(m_problems.join(QLatin1Char('\n')));
    m_message->setVisible(!m_problems.isEmpty());
    m_ok->setEnabled(m_problems.isEmpty());
    QString summary
        = tr("Models: %1 · Bots: %2 · Open for agents: %3").arg(models).arg(bots).arg(open);
    if (push > 0)
        summary += QStringLiteral(" · ") + tr("Push agents: %1").arg(push);
    if (me > 0)
        summary += QStringLiteral(" · ") + tr("You play seat %1").arg(me);
    if (open > 0)
        summary += QLatin1Char('\n')
                   + tr("The match starts when agents take the open seats (or when you fill them "
                        "with bots).");
    m_summary->setText(summary);
}

MatchPlan NewMatchDialog::plan() const
{
    MatchPlan out;
    out.timers = TimerPreset(m_timers->currentData().toInt());
    out.rules = rules();
    for (int seat = 0; seat < seatCount(); ++seat) {
        const Row &row = m_rows[std::size_t(seat)];
        const SeatKind k = kind(seat);
        if (k == SeatKind::Open) {
            ++out.openSeats;
            continue;
        }
        host::providers::SeatSpec spec;
        spec.name = row.name->text().trimmed();
        spec.bot = k == SeatKind::Bot;
        if (k == SeatKind::Me)
            spec.human = host::providers::HumanSpec{true};
        if (k == SeatKind::Push)
            spec.push = host::providers::PushSpec{
                row.pushUrl->text().trimmed(), row.pushToken->text(), row.pushDeadline->value()};
        if (k == SeatKind::Model) {
            spec.provider = row.profile->currentData().toString();
            spec.persona = row.persona->text().trimmed();
            const QString model = row.model->currentText().trimmed();
            if (const ProviderProfile *p = profileNamed(spec.provider)) {
                out.seats.providers.emplace(p->name, *p);
                // The profile's own model is no override.
                if (model != p->model)
                    spec.model = model;
            }
        }
        out.seats.seats.push_back(std::move(spec));
    }
    return out;
}

void NewMatchDialog::accept()
{
    validate();
    if (!isValid())
        return;
    save();
    QDialog::accept();
}

void NewMatchDialog::save() const
{
    // Names, choices and profile names only: a profile's key is never here.
    m_settings.beginGroup(Group);
    const auto timers = TimerPreset(m_timers->currentData().toInt());
    m_settings.setValue(QStringLiteral("timers"),
                        timers == TimerPreset::ModelPlay ? QStringLiteral("models")
                        : timers == TimerPreset::People  ? QStringLiteral("people")
                                                         : QStringLiteral("standard"));
    m_settings.setValue(QStringLiteral("timersChosen"), m_timersChosen);
    m_settings.setValue(QStringLiteral("rules"), m_rules->currentData().toString());
    m_settings.beginWriteArray(QStringLiteral("seats"), MaxRows);
    for (int seat = 0; seat < MaxRows; ++seat) {
        const Row &row = m_rows[std::size_t(seat)];
        m_settings.setArrayIndex(seat);
        m_settings.setValue(QStringLiteral("name"),
                            (kind(seat) == SeatKind::Open ? row.name->property(KeptName).toString()
                                                          : row.name->text())
                                .trimmed());
        m_settings.setValue(QStringLiteral("kind"), kindKey(kind(seat)));
        m_settings.setValue(QStringLiteral("profile"), row.profile->currentData().toString());
        m_settings.setValue(QStringLiteral("model"), row.model->currentText().trimmed());
        m_settings.setValue(QStringLiteral("persona"), row.persona->text().trimmed());
        // The push agent's URL and deadline, never its token (a secret).
        m_settings.setValue(QStringLiteral("pushUrl"), row.pushUrl->text().trimmed());
        m_settings.setValue(QStringLiteral("pushDeadlineMs"), row.pushDeadline->value());
    }
    m_settings.endArray();
    m_settings.endGroup();
}

void NewMatchDialog::restore()
{
    m_settings.beginGroup(Group);
    // A preset saved under its former name (seed002-9) is found by the name it has now.
    const QString savedRules = m_settings.value(QStringLiteral("rules")).toString();
    const auto preset = engine::rulePreset(savedRules.toStdString());
    if (const int r = m_rules->findData(preset ? QString::fromStdString(preset->name) : savedRules);
        r >= 0)
        m_rules->setCurrentIndex(r);
    const int count = std::min(m_settings.beginReadArray(QStringLiteral("seats")), int(MaxRows));
    for (int seat = 0; seat < count; ++seat) {
        Row &row = m_rows[std::size_t(seat)];
        m_settings.setArrayIndex(seat);
        row.name->setText(m_settings.value(QStringLiteral("name"), defaultName(seat))
                              .toString()
                              .left(NameLength));
        setKind(seat, kindFromKey(m_settings.value(QStringLiteral("kind")).toString()));
        // The profile is chosen once the profiles are loaded (reloadProfiles).
        row.profile->setProperty(WantedProfile,
                                 m_settings.value(QStringLiteral("profile")).toString());
        row.model->setEditText(m_settings.value(QStringLiteral("model")).toString());
        row.persona->setText(
            m_settings.value(QStringLiteral("persona")).toString().left(PersonaLength));
        row.pushUrl->setText(m_settings.value(QStringLiteral("pushUrl")).toString());
        row.pushDeadline->setValue(
            m_settings
                .value(QStringLiteral("pushDeadlineMs"), host::PushEndpoint::DefaultDeadlineMs)
                .toInt());
    }
    m_settings.endArray();
    const QString timers = m_settings.value(QStringLiteral("timers")).toString();
    m_timersChosen = m_settings.value(QStringLiteral("timersChosen"), false).toBool();
    m_settings.endGroup();
    if (m_timersChosen
        && (timers == QLatin1String("models") || timers == QLatin1String("standard")
            || timers == QLatin1String("people")))
        m_timers->setCurrentIndex(
            m_timers->findData(int(timers == QLatin1String("models")   ? TimerPreset::ModelPlay
                                   : timers == QLatin1String("people") ? TimerPreset::People
                                                                       : TimerPreset::Standard)));
    else
        m_timersChosen = false;
    followTimers();
}

} // namespace townhall::app
