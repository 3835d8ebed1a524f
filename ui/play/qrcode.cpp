// SPDX-License-Identifier: MIT
#include "ui/play/qrcode.h"

#include <qrencode.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace townhall::ui {

namespace {

struct QrFree
{
    void operator()(QRcode *code) const { QRcode_free(code); }
};
using QrPtr = std::unique_ptr<QRcode, QrFree>;

QrPtr encode(const QByteArray &text)
{
    if (text.isEmpty())
        return nullptr;
    return QrPtr(QRcode_encodeData(int(text.size()),
                                   reinterpret_cast<const unsigned char *>(text.constData()),
                                   0,
                                   QR_ECLEVEL_M));
}

} // namespace

QImage qrCodeImage(const QByteArray &text, int moduleSize)
{
    const QrPtr code = encode(text);
    if (!code || moduleSize < 1)
        return {};
    const int modules = code->width;
    const int side = (modules + 2 * QrQuietZone) * moduleSize;
    QImage image(side, side, QImage::Format_Grayscale8);
    image.fill(255);
    for (int y = 0; y < modules; ++y) {
        for (int x = 0; x < modules; ++x) {
            // Bit 0 of each byte: the module is dark.
            if (!(code->data[y * modules + x] & 1))
                continue;
            const int left = (x + QrQuietZone) * moduleSize;
            for (int row = 0; row < moduleSize; ++row)
                std::memset(image.scanLine((y + QrQuietZone) * moduleSize + row) + left,
                            0,
                            std::size_t(moduleSize));
        }
    }
    return image;
}

int qrModuleSize(const QByteArray &text, int maxSide)
{
    const QrPtr code = encode(text);
    if (!code)
        return 2;
    return std::max(2, maxSide / (code->width + 2 * QrQuietZone));
}

} // namespace townhall::ui
