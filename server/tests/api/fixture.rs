//! A small web build written into a temporary directory: the same shape the real web build
//! produces (manifest.json, page files per variant with placeholders, hashed assets), with
//! contents chosen so each test can tell the variants apart.

use std::path::{Path, PathBuf};

use serde_json::json;
use tempfile::TempDir;

pub(crate) const PAGES: [(&str, &str, &str); 4] = [
    ("/next/", "index", "寻境 Indora 首页"),
    ("/next/map", "map", "室内地图服务"),
    ("/next/device/1", "device/1", "Smart Beacon 智能信标"),
    ("/next/notice", "notice", "新闻动态"),
];

/// A page the web build marks noindex: served, but kept out of the sitemap and IndexNow.
pub(crate) const NOINDEX_PAGE: (&str, &str, &str) = ("/next/draft", "draft", "未公开页面");

/// The enquiry form's page and its thank-you page (issue #6). Both noindex here, so the
/// sitemap and IndexNow tests keep their counts.
pub(crate) const FORM_PAGE: (&str, &str, &str) = ("/next/business", "business", "商务合作");
pub(crate) const THANKS_PAGE: (&str, &str, &str) =
    ("/next/business/thanks", "business/thanks", "感谢您的咨询");
pub(crate) const HOTLINE: &str = "400-000-0000";
/// Choices of the fixture's catalog (`databases::catalog_json`), for the form's options.
pub(crate) const SCENARIOS: [(&str, &str); 3] = [
    ("factory", "智慧工厂"),
    ("businessPark", "产业园区"),
    ("other", "其他场景"),
];
pub(crate) const PRODUCTS: [(&str, &str, &str); 2] = [
    ("service:map", "室内地图", "产品服务"),
    ("device:1", "Smart Beacon 智能信标", "智能硬件"),
];

pub(crate) const SCRIPT_URL: &str = "/next/assets/entry-client-1a2b3c4d.js";
pub(crate) const FAVICON_URL: &str = "/next/favicon.svg";
pub(crate) const LARGE_URL: &str = "/next/assets/large-9f8e7d6c.bin.png";

/// Spec section 9's widths, as the web build writes them into the manifest.
pub(crate) const DEVICE_SIZES: [u32; 8] = [640, 750, 828, 1080, 1200, 1920, 2048, 3840];
pub(crate) const IMAGE_SIZES: [u32; 8] = [16, 32, 48, 64, 96, 128, 256, 384];

pub(crate) struct FixtureDist {
    dir: TempDir,
    files: Vec<serde_json::Value>,
    /// Venues of content/venues/ to include (the live demo); none unless asked for.
    venues: Vec<&'static str>,
}

const PARAGRAPH: &str =
    "<p>室内地图、蓝牙信标定位与室内导航，帮助商场、停车场和医院的访客找到方向。</p>";

/// The head as the web build writes it: canonical and share links on `%%SITE:origin%%`, JSON-LD
/// with the origin inside JSON strings, and the statistics loader slot.
fn page_head(path: &str, title: &str) -> String {
    format!(
        "<meta charset=\"utf-8\"><title>{title}</title>\
         <link rel=\"canonical\" href=\"%%SITE:origin%%{path}\">\
         <meta property=\"og:url\" content=\"%%SITE:origin%%{path}\">\
         <script type=\"application/ld+json\">{{\"@context\":\"https://schema.org\",\"@type\":\"Organization\",\"url\":\"%%SITE:origin%%/next/\"}}</script>\
         %%SITE:analytics%%"
    )
}

fn page_html(path: &str, title: &str, variant: &str) -> String {
    let shell = match variant {
        "mobile" => String::new(),
        _ => {
            let legal = if variant == "desktop-china" {
                "<p class=\"legal\">京ICP备00000000号</p>"
            } else {
                "<p class=\"legal\">国际站点</p><img class=\"qr\" src=\"%%SITE:qr.official_account%%\" alt=\"公众号二维码\">"
            };
            format!(
                "<header><a class=\"console\" href=\"%%SITE:link.console%%\" target=\"_blank\">控制台</a></header>\
                 <footer>{legal}<img class=\"wecom\" src=\"%%SITE:qr.enterprise_wechat%%\" alt=\"企业微信二维码\"></footer>\
                 <script type=\"application/json\" id=\"site-runtime\">%%SITE:runtime%%</script>"
            )
        }
    };
    format!(
        "<!doctype html><html lang=\"zh-CN\"><head>{}</head>\
         <body data-variant=\"{variant}\"><main><h1>{title}</h1>{}</main>{shell}</body></html>",
        page_head(path, title),
        PARAGRAPH.repeat(30)
    )
}

/// The business page's enquiry form as the web build renders it into the no-JavaScript
/// template: every marker of contract section 4.
fn lead_form_html() -> String {
    let mut html = String::from(
        "<form id=\"lead-form\" action=\"/api/leads#lead-form\" method=\"post\" accept-charset=\"utf-8\">\
         <p role=\"alert\" class=\"form-alert\">%%LEAD:alert%%</p>",
    );
    for field in ["name", "company", "phone", "email"] {
        html.push_str(&format!(
            "<label for=\"lead-{field}\">{field}</label>\
             <input id=\"lead-{field}\" name=\"{field}\" value=\"%%LEAD:value:{field}%%\" aria-invalid=\"%%LEAD:invalid:{field}%%\" aria-describedby=\"lead-{field}-error\">\
             <span id=\"lead-{field}-error\" class=\"field-error\">%%LEAD:error:{field}%%</span>"
        ));
    }
    html.push_str("<select id=\"lead-scenario\" name=\"scenario\" aria-invalid=\"%%LEAD:invalid:scenario%%\"><option value=\"\">请选择</option>");
    for (value, label) in SCENARIOS {
        html.push_str(&format!(
            "<option value=\"{value}\" data-lead-selected=\"scenario:{value}\">{label}</option>"
        ));
    }
    html.push_str("</select><span id=\"lead-scenario-error\" class=\"field-error\">%%LEAD:error:scenario%%</span>");
    html.push_str("<select id=\"lead-product\" name=\"product\" aria-invalid=\"%%LEAD:invalid:product%%\"><option value=\"\" data-lead-selected=\"product:\">不限</option>");
    for (value, label, _) in PRODUCTS {
        html.push_str(&format!(
            "<option value=\"{value}\" data-lead-selected=\"product:{value}\">{label}</option>"
        ));
    }
    html.push_str("</select><span id=\"lead-product-error\" class=\"field-error\">%%LEAD:error:product%%</span>");
    html.push_str(
        "<textarea id=\"lead-message\" name=\"message\" aria-invalid=\"%%LEAD:invalid:message%%\">%%LEAD:value:message%%</textarea>\
         <span id=\"lead-message-error\" class=\"field-error\">%%LEAD:error:message%%</span>\
         <input type=\"checkbox\" id=\"lead-consent\" name=\"consent\" data-lead-checked=\"consent\" aria-invalid=\"%%LEAD:invalid:consent%%\">\
         <span id=\"lead-consent-error\" class=\"field-error\">%%LEAD:error:consent%%</span>\
         <input type=\"hidden\" name=\"page\" value=\"%%LEAD:value:page%%\">\
         <div class=\"hp\" aria-hidden=\"true\"><input name=\"leave_empty\" tabindex=\"-1\" autocomplete=\"off\"></div>\
         <button type=\"submit\">提交</button></form>",
    );
    html
}

/// The sales page: standalone, with its own script.
pub(crate) const ADMIN_PAGE_MARKER: &str = "线索管理";

fn admin_page_html() -> String {
    format!(
        "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><title>{ADMIN_PAGE_MARKER}</title>\
         <meta name=\"robots\" content=\"noindex\"></head><body><h1>{ADMIN_PAGE_MARKER}</h1>\
         <a href=\"%%SITE:link.console%%\">控制台</a><script src=\"/next/assets/admin-1a2b3c4d.js\"></script></body></html>"
    )
}

impl FixtureDist {
    pub(crate) fn new() -> Self {
        let mut fixture = Self {
            dir: TempDir::new().expect("temp dir"),
            files: Vec::new(),
            venues: Vec::new(),
        };
        fixture.add_file(
            SCRIPT_URL,
            "client/assets/entry-client-1a2b3c4d.js",
            "console.log('islands');\n".repeat(50).as_bytes(),
            true,
        );
        fixture.add_file(
            FAVICON_URL,
            "client/favicon.svg",
            br##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1a56db"/></svg>"##,
            false,
        );
        fixture
    }

    /// Adds an incompressible file too big to fit in socket buffers, for in-flight tests.
    pub(crate) fn with_large_file(mut self, size: usize) -> Self {
        let mut state: u32 = 0x9e37_79b9;
        let bytes: Vec<u8> = (0..size)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state as u8
            })
            .collect();
        self.add_file(
            LARGE_URL,
            "client/assets/large-9f8e7d6c.bin.png",
            &bytes,
            true,
        );
        self
    }

    /// Includes the real venues of content/venues/ (the live demo's API tests).
    pub(crate) fn with_venues(mut self) -> Self {
        self.venues = crate::venues_fixture::VENUES.to_vec();
        self
    }

    /// Adds `bytes` as a file of the build at `url` (under `client/` in dist).
    pub(crate) fn with_file(mut self, url: &str, bytes: &[u8], immutable: bool) -> Self {
        let file = format!("client{}", url.trim_start_matches("/next"));
        self.add_file(url, &file, bytes, immutable);
        self
    }

    fn add_file(&mut self, url: &str, file: &str, bytes: &[u8], immutable: bool) {
        self.write(file, bytes);
        self.files
            .push(json!({ "url": url, "file": file, "immutable": immutable }));
    }

    fn write(&self, relative: &str, bytes: &[u8]) {
        let path = self.dir.path().join(relative);
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create dirs");
        std::fs::write(path, bytes).expect("write fixture file");
    }

    fn page_files(&self, path: &str, name: &str, title: &str) -> serde_json::Value {
        let mut files = serde_json::Map::new();
        for (field, variant) in [
            ("desktop_international", "desktop-international"),
            ("desktop_china", "desktop-china"),
            ("mobile", "mobile"),
        ] {
            let file = format!("pages/{name}.{variant}.html");
            self.write(&file, page_html(path, title, variant).as_bytes());
            files.insert(field.to_owned(), file.into());
        }
        files.into()
    }

    /// The no-JavaScript template of the form page, per variant: the page with the form's
    /// markers in place of its main text.
    fn form_template_files(&self) -> serde_json::Value {
        let (path, name, title) = FORM_PAGE;
        let mut files = serde_json::Map::new();
        for (field, variant) in [
            ("desktop_international", "desktop-international"),
            ("desktop_china", "desktop-china"),
            ("mobile", "mobile"),
        ] {
            let file = format!("pages/{name}.form.{variant}.html");
            let html = page_html(path, title, variant);
            let main_end = html.find("</main>").expect("page has main");
            let html = format!(
                "{}{}{}",
                &html[..main_end],
                lead_form_html(),
                &html[main_end..]
            );
            self.write(&file, html.as_bytes());
            files.insert(field.to_owned(), file.into());
        }
        files.into()
    }

    /// Writes the pages and manifest; returns the dist directory.
    pub(crate) fn build(self) -> BuiltDist {
        let pages: Vec<_> = PAGES
            .iter()
            .map(|page| (page, true))
            .chain([
                (&NOINDEX_PAGE, false),
                (&FORM_PAGE, false),
                (&THANKS_PAGE, false),
            ])
            .enumerate()
            .map(|(position, ((path, name, title), index))| {
                json!({
                    "path": path,
                    "title": title,
                    "description": format!("{title}的介绍"),
                    "lastmod": format!("2025-06-{:02}", position + 1),
                    "index": index,
                    "files": self.page_files(path, name, title),
                })
            })
            .collect();
        self.write("admin/leads.html", admin_page_html().as_bytes());
        let mut leads = crate::databases::catalog_json();
        leads["form_path"] = FORM_PAGE.0.into();
        leads["thanks_path"] = THANKS_PAGE.0.into();
        leads["hotline"] = HOTLINE.into();
        leads["admin_page"] = "admin/leads.html".into();
        leads["form_template"] = self.form_template_files();
        let venues = crate::venues_fixture::write_venues(self.dir.path(), &self.venues);
        let manifest = json!({
            "version": 5,
            "pages": pages,
            "not_found": self.page_files("/next/404", "404", "页面未找到"),
            "files": self.files,
            "images": {
                "device_sizes": DEVICE_SIZES,
                "image_sizes": IMAGE_SIZES,
            },
            "leads": leads,
            "venues": venues,
        });
        self.write(
            "manifest.json",
            serde_json::to_string_pretty(&manifest)
                .expect("json")
                .as_bytes(),
        );
        BuiltDist { dir: self.dir }
    }
}

pub(crate) struct BuiltDist {
    dir: TempDir,
}

impl BuiltDist {
    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    pub(crate) fn file(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }
}
