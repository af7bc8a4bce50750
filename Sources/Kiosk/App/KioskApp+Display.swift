import Core
import Display
import Raster

extension KioskApp {
    /// Opens the display the config asks for. Until the DRM and fbdev outputs are wired, every
    /// backend falls back to the headless display, and the log says so.
    func openDisplay() {
        let size = config.display.headlessSize
        display = HeadlessDisplay(canvas: size)
        Log.notice("display: headless \(size) (no panel output in this build)")
        bitmap = Bitmap(width: display.canvasSize.width, height: display.canvasSize.height, format: .xrgb8888)
    }

    /// Copies the damaged rectangles to the display.
    func present(damage: [PixelRect]) {
        let frame = SourceFrame(pixels: UnsafePointer(bitmap.pixels), width: bitmap.width, height: bitmap.height,
                                stride: bitmap.width)
        do { _ = try display.present(frame, damage: damage) } catch {
            Log.error("display: present failed: \(error)")
        }
    }
}
