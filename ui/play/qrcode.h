// SPDX-License-Identifier: MIT
#pragma once

// QR codes of join links (libqrencode), drawn for a phone's camera: dark
// modules on a light background whatever the theme, a quiet zone of four
// modules, every module a square of whole pixels (no smoothing).

#include <QByteArray>
#include <QImage>

namespace townhall::ui {

/// The modules around the code that a reader needs light.
constexpr int QrQuietZone = 4;

/// The QR code of `text` (8-bit data, error correction M, the smallest
/// version it fits), `moduleSize` pixels per module, with its quiet zone.
/// Null when the text does not fit a QR code.
QImage qrCodeImage(const QByteArray &text, int moduleSize);

/// The pixels per module that make the code of `text` at most `maxSide`
/// pixels wide (at least 2).
int qrModuleSize(const QByteArray &text, int maxSide);

} // namespace townhall::ui
