// SPDX-License-Identifier: MIT
#pragma once

/// \file profilesdialog.h
/// "Model providers": the list of provider profiles, a form for the selected
/// one, and "Test connection", which lists the server's models and makes one
/// tiny tool-call request, then says in words what worked and what failed.
/// Keys typed here go to the system keychain, never to the settings.

#include "app/profiles.h"
#include "host/providers/keysource.h"

#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace townhall::app {

class ProfilesDialog final : public QDialog
{
    Q_OBJECT

public:
    /// `keys` stores and looks up keys (the system keychain in the app).
    ProfilesDialog(ProfileStore &store,
                   std::shared_ptr<host::providers::KeySource> keys,
                   QWidget *parent = nullptr);
    ~ProfilesDialog() override;

    /// Tests reach the form through these.
    QListWidget *list() const { return m_list; }
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *kindBox() const { return m_kind; }
    QLineEdit *baseUrlEdit() const { return m_baseUrl; }
    QLineEdit *modelEdit() const { return m_model; }
    QLineEdit *keyEdit() const { return m_key; }
    QLineEdit *keyEnvEdit() const { return m_keyEnv; }
    QPushButton *testButton() const { return m_test; }
    QLabel *testResult() const { return m_result; }
    /// Keys typed since the dialog opened, by profile name (the app stores them in the keychain).
    const std::map<QString, QString> &typedKeys() const { return m_typedKeys; }

public Q_SLOTS:
    void addProfile();
    void removeProfile();
    void testConnection();
    /// Writes the profiles (without keys) to the store.
    void saveProfiles();

Q_SIGNALS:
    /// A connection test ended; `ok` says whether every check passed.
    void connectionTested(bool ok);

private:
    void showProfile(int row);
    void readForm();
    ProviderProfile formProfile() const;

    ProfileStore &m_store;
    std::shared_ptr<host::providers::KeySource> m_keys;
    std::vector<ProviderProfile> m_profiles;
    std::map<QString, QString> m_typedKeys;
    int m_current = -1;
    QListWidget *m_list = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_key = nullptr;
    QLineEdit *m_keyEnv = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QSpinBox *m_maxTokens = nullptr;
    QSpinBox *m_timeout = nullptr;
    QDoubleSpinBox *m_priceIn = nullptr;
    QDoubleSpinBox *m_priceOut = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_result = nullptr;
    bool m_testing = false;
};

} // namespace townhall::app
