// SPDX-License-Identifier: MIT
#include "app/profilesdialog.h"

#include "host/providers/chatclient.h"
#include "host/providers/connectiontest.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace townhall::app {

using host::providers::ChatClient;
using host::providers::ConnectionCheck;
using host::providers::ConnectionReport;
using host::providers::ProviderKind;

namespace {
/// A spin box whose lowest value means "not set".
QDoubleSpinBox *optionalNumber(double max, int decimals, const QString &unsetText)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(-1, max);
    box->setDecimals(decimals);
    box->setSingleStep(decimals > 0 ? 0.1 : 1);
    box->setSpecialValueText(unsetText);
    box->setValue(-1);
    return box;
}

std::optional<double> optionalValue(const QDoubleSpinBox *box)
{
    return box->value() < 0 ? std::nullopt : std::optional(box->value());
}
} // namespace

ProfilesDialog::ProfilesDialog(ProfileStore &store,
                               std::shared_ptr<host::providers::KeySource> keys,
                               QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_keys(std::move(keys))
    , m_profiles(store.load())
{
    setWindowTitle(tr("Model providers"));
    m_list = new QListWidget;
    auto *add = new QPushButton(tr("Add"));
    auto *remove = new QPushButton(tr("Remove"));
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(remove);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list);
    left->addLayout(listButtons);

    m_name = new QLineEdit;
    m_kind = new QComboBox;
    m_kind->addItem(tr("OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter…)"),
                    QVariant::fromValue(static_cast<int>(ProviderKind::OpenAiCompatible)));
    m_kind->addItem(tr("Anthropic"),
                    QVariant::fromValue(static_cast<int>(ProviderKind::Anthropic)));
    m_baseUrl = new QLineEdit;
    m_baseUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434/v1"));
    m_model = new QLineEdit;
    m_key = new QLineEdit;
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("kept in the system keychain, never in a file"));
    m_keyEnv = new QLineEdit;
    m_keyEnv->setPlaceholderText(tr("or the name of an environment variable"));
    m_temperature = optionalNumber(2, 2, tr("server default"));
    m_maxTokens = new QSpinBox;
    m_maxTokens->setRange(16, 200000);
    m_timeout = new QSpinBox;
    m_timeout->setRange(1, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_priceIn = optionalNumber(10000, 3, tr("unknown"));
    m_priceOut = optionalNumber(10000, 3, tr("unknown"));
    auto *form = new QFormLayout;
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Protocol"), m_kind);
    form->addRow(tr("Base URL"), m_baseUrl);
    form->addRow(tr("Model"), m_model);
    form->addRow(tr("API key"), m_key);
    form->addRow(tr("Key variable"), m_keyEnv);
    form->addRow(tr("Temperature"), m_temperature);
    form->addRow(tr("Max tokens"), m_maxTokens);
    form->addRow(tr("Request timeout"), m_timeout);
    form->addRow(tr("Price per million input tokens"), m_priceIn);
    form->addRow(tr("Price per million output tokens"), m_priceOut);
    m_test = new QPushButton(tr("Test connection"));
    m_result = new QLabel;
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addWidget(m_test);
    right->addWidget(m_result, 1);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 2);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close);
    auto *outer = new QVBoxLayout(this);
    outer->addLayout(columns);
    outer->addWidget(buttons);

    connect(add, &QPushButton::clicked, this, &ProfilesDialog::addProfile);
    connect(remove, &QPushButton::clicked, this, &ProfilesDialog::removeProfile);
    connect(m_test, &QPushButton::clicked, this, &ProfilesDialog::testConnection);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProfilesDialog::saveProfiles);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this](const QString &name) {
        if (QListWidgetItem *item = m_list->item(m_current); item && !name.trimmed().isEmpty())
            item->setText(name.trimmed());
    });
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        readForm();
        showProfile(row);
    });

    for (const ProviderProfile &p : m_profiles)
        m_list->addItem(p.name);
    if (m_profiles.empty())
        addProfile();
    else
        m_list->setCurrentRow(0);
}

ProfilesDialog::~ProfilesDialog() = default;

void ProfilesDialog::addProfile()
{
    readForm();
    ProviderProfile p;
    p.name = QStringLiteral("local");
    for (int n = 2; std::any_of(m_profiles.begin(),
                                m_profiles.end(),
                                [&](const ProviderProfile &o) { return o.name == p.name; });
         ++n)
        p.name = QStringLiteral("local") + QString::number(n);
    p.baseUrl = QStringLiteral("http://127.0.0.1:11434/v1");
    m_profiles.push_back(p);
    m_list->addItem(p.name);
    m_list->setCurrentRow(static_cast<int>(m_profiles.size()) - 1);
}

void ProfilesDialog::removeProfile()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= static_cast<int>(m_profiles.size()))
        return;
    m_current = -1; // nothing to read back from the form
    m_profiles.erase(m_profiles.begin() + row);
    delete m_list->takeItem(row);
    showProfile(m_list->currentRow());
}

void ProfilesDialog::showProfile(int row)
{
    m_current = row;
    const bool any = row >= 0 && row < static_cast<int>(m_profiles.size());
    for (QWidget *w : std::initializer_list<QWidget *>{m_name,
                                                       m_kind,
                                                       m_baseUrl,
                                                       m_model,
                                                       m_key,
                                                       m_keyEnv,
                                                       m_temperature,
                                                       m_maxTokens,
                                                       m_timeout,
                                                       m_priceIn,
                                                       m_priceOut,
                                                       m_test})
        w->setEnabled(any);
    m_result->clear();
    if (!any)
        return;
    const ProviderProfile &p = m_profiles[static_cast<std::size_t>(row)];
    m_name->setText(p.name);
    m_kind->setCurrentIndex(p.kind == ProviderKind::Anthropic ? 1 : 0);
    m_baseUrl->setText(p.baseUrl);
    m_model->setText(p.model);
    const auto typed = m_typedKeys.find(p.name);
    m_key->setText(typed == m_typedKeys.end() ? QString() : typed->second);
    m_keyEnv->setText(p.apiKeyEnv);
    m_temperature->setValue(p.temperature.value_or(-1));
    m_maxTokens->setValue(p.maxTokens);
    m_timeout->setValue(static_cast<int>(p.timeout.count() / 1000));
    m_priceIn->setValue(p.inputPricePerMillion.value_or(-1));
    m_priceOut->setValue(p.outputPricePerMillion.value_or(-1));
}

ProviderProfile ProfilesDialog::formProfile() const
{
    ProviderProfile p;
    p.name = m_name->text().trimmed();
    p.kind = static_cast<ProviderKind>(m_kind->currentData().toInt());
    p.baseUrl = m_baseUrl->text().trimmed();
    p.model = m_model->text().trimmed();
    p.apiKeyEnv = m_keyEnv->text().trimmed();
    p.temperature = optionalValue(m_temperature);
    p.maxTokens = m_maxTokens->value();
    p.timeout = std::chrono::seconds(m_timeout->value());
    p.inputPricePerMillion = optionalValue(m_priceIn);
    p.outputPricePerMillion = optionalValue(m_priceOut);
    return p;
}

void ProfilesDialog::readForm()
{
    if (m_current < 0 || m_current >= static_cast<int>(m_profiles.size()))
        return;
    ProviderProfile p = formProfile();
    if (p.name.isEmpty())
        p.name = m_profiles[static_cast<std::size_t>(m_current)].name;
    if (!m_key->text().isEmpty())
        m_typedKeys[p.name] = m_key->text();
    m_profiles[static_cast<std::size_t>(m_current)] = p;
    if (QListWidgetItem *item = m_list->item(m_current))
        item->setText(p.name);
}

void ProfilesDialog::testConnection()
{
    if (m_testing)
        return;
    readForm();
    ProviderProfile profile = formProfile();
    m_testing = true;
    m_test->setEnabled(false);
    m_result->setText(tr("Testing %1…").arg(profile.baseUrl));
    const QString typed = m_key->text();
    QPointer<ProfilesDialog> self(this);
    auto keys = m_keys;
    auto run =
        [](ProviderProfile profile, QString typed, std::shared_ptr<host::providers::KeySource> keys)
        -> QCoro::Task<std::pair<ConnectionReport, QString>> {
        QString keyProblem;
        if (!typed.isEmpty())
            profile.apiKey = typed;
        else if (keys)
            keyProblem = co_await keys->fill(profile);
        ChatClient client(profile);
        ConnectionReport report = co_await host::providers::testConnection(client);
        co_return std::make_pair(std::move(report), keyProblem);
    };
    run(std::move(profile), typed, keys)
        .then([self](const std::pair<ConnectionReport, QString> &outcome) {
            if (!self)
                return;
            const ConnectionReport &report = outcome.first;
            QStringList lines;
            if (!outcome.second.isEmpty())
                lines << outcome.second;
            for (const ConnectionCheck &c : report.checks) {
                // A check that was not tried (the server could not be reached)
                // says nothing the first failure did not.
                if (c.status == ConnectionCheck::Status::Skipped || c.detail.trimmed().isEmpty())
                    continue;
                const char *mark = c.status == ConnectionCheck::Status::Passed    ? "✓"
                                   : c.status == ConnectionCheck::Status::Warning ? "!"
                                                                                  : "✗";
                lines << QString::fromUtf8(mark) + QLatin1Char(' ') + c.detail;
            }
            lines.prepend(report.ok()
                              ? tr("The connection works.")
                              : tr("The connection does not work: %1").arg(report.firstFailure()));
            self->m_result->setText(lines.join(QLatin1Char('\n')));
            self->m_testing = false;
            self->m_test->setEnabled(true);
            Q_EMIT self->connectionTested(report.ok());
        });
}

void ProfilesDialog::saveProfiles()
{
    readForm();
    m_store.save(m_profiles);
    accept();
}

} // namespace townhall::app
