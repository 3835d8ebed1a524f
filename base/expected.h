// SPDX-License-Identifier: MIT
#pragma once

/// \file expected.h
/// The project's one expected-style result: a value or an error, never both.
/// std::expected is C++23; this is the subset the code base uses. Each layer
/// names its own error type and keeps a short alias (engine::Expected,
/// host::StoreResult, mcp::Outcome), so a caller reads the layer's vocabulary
/// while every layer shares one implementation. Standard library only: this
/// header sits below every other library.

#include <optional>
#include <utility>
#include <variant>

namespace townhall::base {

/// A `T` or an `E`. Marked [[nodiscard]]: a result that is dropped is an
/// error nobody looked at. Reading value() of an error, or error() of a
/// value, is a programming error; it throws (std::bad_variant_access or
/// std::bad_optional_access) rather than reading garbage.
template<class T, class E>
class [[nodiscard]] Expected
{
public:
    using value_type = T;
    using error_type = E;

    // Implicit on purpose: `return value;` and `return makeError(...);` both read naturally.
    Expected(T value)
        : m_v(std::in_place_index<0>, std::move(value))
    {}
    Expected(E error)
        : m_v(std::in_place_index<1>, std::move(error))
    {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_v); }
    const T &value() const & { return std::get<0>(m_v); }
    T &&value() && { return std::get<0>(std::move(m_v)); }

    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T &&operator*() && { return std::move(*this).value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const E &error() const & { return std::get<1>(m_v); }
    E &&error() && { return std::get<1>(std::move(m_v)); }

private:
    std::variant<T, E> m_v;
};

/// Success that carries nothing: default-constructed means ok.
template<class E>
class [[nodiscard]] Expected<void, E>
{
public:
    using value_type = void;
    using error_type = E;

    Expected() = default;
    Expected(E error)
        : m_error(std::move(error))
    {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }

    /// Nothing to read; present so generic code can call it on success.
    void value() const {}

    const E &error() const & { return m_error.value(); }
    E &&error() && { return std::move(m_error).value(); }

private:
    std::optional<E> m_error;
};

} // namespace townhall::base
