//! Variants (spec section 4): the server picks desktop or mobile by User-Agent and China or
//! international by Host, and fills in deployment values from config.

use reqwest::StatusCode;
use site_server::config::Config;

use crate::support::app::{
    ANDROID_UA, CHINA_HOST, DESKTOP_UA, IMMUTABLE, INTERNATIONAL_HOST, IPHONE_UA, assert_headers,
    spawn_app, spawn_app_configured,
};
use crate::support::fixture::SCRIPT_URL;

/// The desktop international map page of a server configured by `customise`.
async fn map_page_with(customise: impl FnOnce(&mut Config)) -> String {
    let app = spawn_app_configured(customise).await;
    let (_, body) = app.text(app.get("/next/map")).await;
    body
}

#[tokio::test]
async fn desktop_and_mobile_times_china_and_international() {
    let app = spawn_app().await;
    let cases = [
        (INTERNATIONAL_HOST, DESKTOP_UA, "desktop-international"),
        (CHINA_HOST, DESKTOP_UA, "desktop-china"),
        (INTERNATIONAL_HOST, ANDROID_UA, "mobile"),
        (CHINA_HOST, IPHONE_UA, "mobile"),
        ("indora.cn:8443", DESKTOP_UA, "desktop-china"),
        ("127.0.0.1", "", "desktop-international"),
    ];
    for (host, user_agent, variant) in cases {
        let (status, body) = app.text(app.get_as("/next/map", host, user_agent)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            body.contains(&format!("data-variant=\"{variant}\"")),
            "{host} / {user_agent} should get {variant}"
        );
    }
}

#[tokio::test]
async fn mobile_pages_have_no_shell_but_keep_head_metadata() {
    let app = spawn_app().await;
    let (_, body) = app
        .text(app.get_as("/next/map", INTERNATIONAL_HOST, ANDROID_UA))
        .await;
    assert!(body.contains("<title>室内地图服务</title>"));
    assert!(!body.contains("<header>"));
    assert!(!body.contains("<footer>"));
    assert!(!body.contains("site-runtime"));
}

#[tokio::test]
async fn china_variant_hides_the_official_account_qr_and_shows_filing_notice() {
    let app = spawn_app().await;
    let (_, china) = app.text(app.get_as("/next/", CHINA_HOST, DESKTOP_UA)).await;
    let (_, international) = app
        .text(app.get_as("/next/", INTERNATIONAL_HOST, DESKTOP_UA))
        .await;
    assert!(china.contains("京ICP备"));
    assert!(!china.contains("<img class=\"qr\" src=\"/next/_site/qr/official-account-"));
    assert!(international.contains("国际站点"));
    assert!(international.contains("<img class=\"qr\" src=\"/next/_site/qr/official-account-"));
}

#[tokio::test]
async fn china_domain_comes_from_config() {
    let app = spawn_app_configured(|config| {
        config.domains.china = "example.cn".to_owned();
    })
    .await;
    let (_, body) = app
        .text(app.get_as("/next/", "www.example.cn", DESKTOP_UA))
        .await;
    assert!(body.contains("desktop-china"));
    let (_, body) = app.text(app.get_as("/next/", CHINA_HOST, DESKTOP_UA)).await;
    assert!(body.contains("desktop-international"));
}

#[tokio::test]
async fn pages_vary_by_user_agent_and_assets_do_not() {
    let app = spawn_app().await;
    let page = app.fetch("/next/map").await;
    assert_headers(&page, &[("vary", "User-Agent, Accept-Encoding")]);
    let asset = app.fetch(SCRIPT_URL).await;
    assert_headers(&asset, &[("vary", "Accept-Encoding")]);
}

#[tokio::test]
async fn deployment_links_are_filled_in_html_escaped() {
    let body = map_page_with(|config| {
        config.links.console = "https://console.example.com/login?from=site&lang=zh"
            .parse()
            .unwrap();
    })
    .await;
    assert!(
        body.contains("href=\"https://console.example.com/login?from=site&amp;lang=zh\""),
        "{body}"
    );
    assert!(!body.contains("%%SITE:"));
}

#[tokio::test]
async fn runtime_json_for_islands_carries_the_same_values() {
    let body = map_page_with(|config| {
        config.links.sdk_ios = "https://docs.example.com/ios?v=2&x=</script>"
            .parse()
            .unwrap();
    })
    .await;
    let start = body.find("id=\"site-runtime\">").unwrap() + "id=\"site-runtime\">".len();
    let end = start + body[start..].find("</script>").unwrap();
    let runtime: serde_json::Value = serde_json::from_str(&body[start..end]).unwrap();
    assert_eq!(
        runtime["links"]["sdk_ios"],
        "https://docs.example.com/ios?v=2&x=%3C/script%3E"
    );
    let qr = runtime["qr"]["enterprise_wechat"].as_str().unwrap();
    assert!(body.contains(&format!("src=\"{qr}\"")));
}

#[tokio::test]
async fn qr_codes_are_generated_svg_images_cached_forever() {
    let app = spawn_app().await;
    let (_, body) = app.text(app.get("/next/")).await;
    let start = body.find("/next/_site/qr/enterprise-wechat-").unwrap();
    let end = start + body[start..].find('"').unwrap();
    let response = app.fetch(&body[start..end]).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_headers(&response, &[("content-type", "image/svg+xml"), IMMUTABLE]);
    let svg = response.text().await.unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<path"));
}

#[tokio::test]
async fn a_new_qr_target_gets_a_new_image_address() {
    let first = spawn_app().await;
    let second = spawn_app_configured(|config| {
        config.qr.enterprise_wechat = "https://work.weixin.qq.com/ca/other".parse().unwrap();
    })
    .await;
    let find = |body: &str| {
        let start = body.find("/next/_site/qr/enterprise-wechat-").unwrap();
        body[start..start + body[start..].find('"').unwrap()].to_owned()
    };
    let (_, a) = first.text(first.get("/next/")).await;
    let (_, b) = second.text(second.get("/next/")).await;
    assert_ne!(find(&a), find(&b));
}
